import type { ReactNode } from 'react';
import { listRulesets, type RulesetSummary } from '@/server/catalog';
import { displayPath, rulesetsRoot } from '@/server/paths';

// The library is read from disk on each visit, so a ruleset added to the folder shows without a rebuild.
export const dynamic = 'force-dynamic';

export default function LibraryPage() {
  const root = displayPath(rulesetsRoot());
  let rulesets: RulesetSummary[];
  try {
    rulesets = listRulesets();
  } catch (err) {
    return (
      <Library root={root}>
        <p className="error">{(err as Error).message}</p>
      </Library>
    );
  }
  if (rulesets.length === 0) {
    return (
      <Library root={root}>
        <p className="empty">No rulesets yet. Each ruleset is a folder in {root}/ holding a ruleset.json manifest.</p>
      </Library>
    );
  }

  const depths = variantDepths(rulesets);
  const titles = new Map(rulesets.map((r) => [r.id, r.title]));
  return (
    <Library root={root}>
      <table className="library">
        <thead>
          <tr>
            <th scope="col">Ruleset</th>
            <th scope="col">Edition</th>
            <th scope="col">Rulebook</th>
            <th scope="col">Version</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {rulesets.map((r) => (
            <tr key={r.id} data-ruleset={r.id} className={r.error ? 'broken' : undefined}>
              <td style={{ paddingLeft: `${0.75 + 1.5 * (depths.get(r.id) ?? 0)}rem` }}>
                <div className="title">{r.title}</div>
                <div className="meta">
                  <code>{r.id}</code>
                  {r.extends && !r.error && <> · variant of {titles.get(r.extends)}</>}
                </div>
                {r.error && <div className="error">{r.error}</div>}
              </td>
              <td>{r.edition}</td>
              <td>
                {r.source?.title}
                {r.source?.publisher && <div className="meta">{r.source.publisher}</div>}
              </td>
              <td className="nowrap">{r.source?.version}</td>
              <td className="nowrap">{r.source?.date}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Library>
  );
}

function Library({ root, children }: { root: string; children: ReactNode }) {
  return (
    <section>
      <h1>Ruleset library</h1>
      <p className="lede">Bundled rulesets from {root}/, each variant listed under the ruleset it extends.</p>
      {children}
    </section>
  );
}

/** How far to indent each row; the catalog lists a variant after its base, so one pass suffices. */
function variantDepths(rulesets: RulesetSummary[]): Map<string, number> {
  const depths = new Map<string, number>();
  for (const r of rulesets) {
    const base = r.extends !== undefined && !r.error ? depths.get(r.extends) : undefined;
    depths.set(r.id, base === undefined ? 0 : base + 1);
  }
  return depths;
}
