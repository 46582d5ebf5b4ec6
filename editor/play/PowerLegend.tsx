// Whose counters are whose: each power with units on the map (and in the off-map boxes, where the map draws
// them), in its counters' colour; and on an area map, whose areas are whose. Free of Leaflet, so a page rendered on the server may show it.
import { Fragment } from 'react';
import type { Counter } from './counters';
import type { Holder } from './marks';

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
          <Swatch color={c.color} name={c.powerName} />
          {i < shown.length - 1 ? ', ' : ''}
        </Fragment>
      ))}
    </p>
  );
}

/** Whose areas are whose, on an area map, each filled with its holder's colour: the holders of the areas drawn. */
export function HolderLegend({ holders }: { holders: readonly (Holder | undefined)[] }) {
  const byId = new Map(holders.flatMap((h) => (h ? [[h.id, h] as const] : [])));
  if (byId.size === 0) return null;
  const shown = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <p className="play-note" data-testid="holder-legend">
      Areas are filled with the colour of the power that holds them:{' '}
      {shown.map((h, i) => (
        <Fragment key={h.id}>
          <Swatch color={h.color} name={h.name} />
          {i < shown.length - 1 ? ', ' : ''}
        </Fragment>
      ))}
      .
    </p>
  );
}

function Swatch({ color, name }: { color: string; name: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden style={{ display: 'inline-block', width: '0.9em', height: '0.9em', verticalAlign: '-0.1em', marginRight: '0.25em', background: color, borderRadius: 2 }} />
      {name}
    </span>
  );
}
