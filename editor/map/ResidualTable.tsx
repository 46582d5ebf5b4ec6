import styles from './map.module.css';
import type { ShownAnchor } from './types';

/** Every anchor's residual, worst first; suspects in red. Picking a row flies the map there; its link opens where its hex is written, to correct it. */
export function ResidualTable({ rulesetId, anchors, threshold, onPick }: { rulesetId: string; anchors: ShownAnchor[]; threshold: number; onPick(at: { lat: number; lon: number }): void }) {
  const rows = [...anchors].sort((a, b) => b.residual - a.residual);
  return (
    <section className={styles.panel} aria-label="Anchor residuals">
      <h2>Anchors</h2>
      <p className={styles.note}>Residual: hexes between an anchor&apos;s number and where the fit puts its place. Beyond {threshold.toFixed(1)} it is a suspected error in the text.</p>
      <table className={styles.residuals}>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Hex</th>
            <th scope="col">Residual</th>
            <th scope="col">Fit</th>
            <th scope="col">Written</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.pointer} className={a.outlier ? styles.suspect : undefined} title={a.message ?? a.pointer} onClick={() => onPick({ lat: a.lat, lon: a.lon })}>
              <td>{a.label}</td>
              <td title={a.movedFrom ? `Moved from ${a.movedFrom}: its residual is fitted again on reload` : undefined}>{a.movedFrom ? `${a.hex} (moved)` : a.hex}</td>
              <td className={styles.number}>{a.residual.toFixed(2)}</td>
              <td>{a.predicted ?? '—'}</td>
              <td>
                {a.written ? (
                  <a href={`/rulesets/${rulesetId}?${new URLSearchParams({ doc: a.written.document, line: String(a.written.line), column: String(a.written.column) })}`} title={`Open ${a.written.document} at line ${a.written.line} in the workbench`}>
                    {a.written.document}:{a.written.line}
                  </a>
                ) : (
                  <span title="Another ruleset gives it: change it there, or with a patch set">elsewhere</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
