// Whose counters are whose: each power with units on the map (and in the off-map boxes, where the map draws
// them), in its counters' colour. Free of Leaflet, so a page rendered on the server may show it.
import { Fragment } from 'react';
import type { Counter } from './counters';

export function PowerLegend({ byLocation, boxes = false, className }: { byLocation: ReadonlyMap<string, readonly Counter[]>; boxes?: boolean; className?: string }) {
  const powers = new Map<string, Counter>();
  for (const [at, counters] of byLocation) {
    if (!at.startsWith('hex:') && !at.startsWith('area:') && !(boxes && at.startsWith('box:'))) continue;
    for (const c of counters) if (!powers.has(c.power)) powers.set(c.power, c);
  }
  if (powers.size === 0) return null;
  const shown = [...powers.values()].sort((a, b) => a.powerName.localeCompare(b.powerName));
  return (
    <p className={className} data-testid="power-legend">
      Counters:{' '}
      {shown.map((c, i) => (
        <Fragment key={c.power}>
          <span style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden style={{ display: 'inline-block', width: '0.9em', height: '0.9em', verticalAlign: '-0.1em', marginRight: '0.25em', background: c.color, borderRadius: 2 }} />
            {c.powerName}
          </span>
          {i < shown.length - 1 ? ', ' : ''}
        </Fragment>
      ))}
    </p>
  );
}
