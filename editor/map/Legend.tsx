import { countryColor, terrainColor } from './colors';
import styles from './map.module.css';
import type { ColorMode, MapViewData, ViewHex } from './types';

/** What each colour means, with how many hexes have it and how many of those are bootstrap data. */
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
      <p className={styles.note}>Pale hexes are bootstrap data from Natural Earth; paint one to replace it.</p>
    </section>
  );
}
