import { countryColor, terrainColor } from './colors';
import styles from './map.module.css';
import type { ColorMode, MapViewData, ViewHex } from './types';

/** How many hexes of an unknown terrain or country the legend names. */
const UNKNOWN_LISTED = 5;

/** What each colour means, with how many hexes have it and how many of those are bootstrap data; and the hexes of an id the map does not declare. */
export function Legend({ view, hexes, colorMode }: { view: MapViewData; hexes: Record<string, ViewHex>; colorMode: ColorMode }) {
  const counts = new Map<string, { all: number; bootstrap: number }>();
  for (const hex of Object.values(hexes)) {
    const id = colorMode === 'terrain' ? hex.terrain : hex.country;
    if (!id) continue;
    const c = counts.get(id) ?? { all: 0, bootstrap: 0 };
    c.all++;
    if (hex.source === 'bootstrap') c.bootstrap++;
    counts.set(id, c);
  }
  const ids = colorMode === 'terrain' ? Object.keys(view.terrain) : Object.keys(view.countries).filter((id) => counts.has(id));
  // Ids the map declares no terrain or country for (a typo in a document): their hexes, named, to paint or fix in the workbench.
  const declared = colorMode === 'terrain' ? view.terrain : view.countries;
  const unknown = [...counts.keys()].filter((id) => !Object.hasOwn(declared, id));
  const hexesOf = (id: string) => Object.entries(hexes).flatMap(([key, hex]) => ((colorMode === 'terrain' ? hex.terrain : hex.country) === id ? [key] : []));
  return (
    <section className={styles.panel} aria-label="Legend">
      <h2>{colorMode === 'terrain' ? 'Terrain' : 'Countries'}</h2>
      <ul className={styles.legend}>
        {ids.map((id) => {
          const c = counts.get(id);
          return (
            <li key={id}>
              <span className={styles.swatch} style={{ background: colorMode === 'terrain' ? terrainColor(id, view) : countryColor(id, view) }} />
              {colorMode === 'terrain' ? view.terrain[id].name : view.countries[id].name}
              <span className={styles.count}>{c ? `${c.all}${c.bootstrap ? ` (${c.bootstrap} bootstrap)` : ''}` : '0'}</span>
            </li>
          );
        })}
      </ul>
      {unknown.map((id) => (
        <p key={id} className={styles.error} role="alert">
          Unknown {colorMode} “{id}” (the map declares none by that id): hex {hexesOf(id).slice(0, UNKNOWN_LISTED).join(', ')}
          {counts.get(id)!.all > UNKNOWN_LISTED ? ` and ${counts.get(id)!.all - UNKNOWN_LISTED} more` : ''}. Paint {counts.get(id)!.all > 1 ? 'them' : 'it'}, or fix the id in the workbench.
        </p>
      ))}
      <p className={styles.note}>Pale hexes are bootstrap data from Natural Earth; paint one to replace it.</p>
    </section>
  );
}
