// Whose counters are whose: each power with units on the map (and in the off-map boxes, where the map draws
// them), in its counters' colour; and on an area map, whose areas are whose. Free of Leaflet, so a page rendered on the server may show it.
import { Fragment } from 'react';
import type { Counter } from './counters';
import type { Holder } from './marks';

export function PowerLegend({ byLocation, boxes = false, className }: { byLocation: ReadonlyMap<string, readonly Counter[]>; boxes?: boolean; className?: string }) {
  const powers = new Map<string, Holder>();
  for (const [at, counters] of byLocation) {
    if (!at.startsWith('hex:') && !at.startsWith('area:') && !(boxes && at.startsWith('box:'))) continue;
    for (const c of counters) if (!powers.has(c.power)) powers.set(c.power, { id: c.power, name: c.powerName, color: c.color });
  }
  return <Swatches lead="Counters:" items={[...powers.values()]} className={className} testId="power-legend" />;
}

/** Whose areas are whose, on an area map, each filled with its holder's colour: the holders of the areas drawn. */
export function HolderLegend({ holders }: { holders: readonly (Holder | undefined)[] }) {
  const byId = new Map(holders.flatMap((h) => (h ? [[h.id, h] as const] : [])));
  return <Swatches lead="Areas are filled with the colour of the power that holds them:" end="." items={[...byId.values()]} className="play-note" testId="holder-legend" />;
}

/** A line naming powers by name, each after a swatch of its colour; nothing without any. */
function Swatches({ lead, end = '', items, className, testId }: { lead: string; end?: string; items: Holder[]; className?: string; testId: string }) {
  if (items.length === 0) return null;
  const shown = [...items].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <p className={className} data-testid={testId}>
      {lead}{' '}
      {shown.map((h, i) => (
        <Fragment key={h.id}>
          <span style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden style={{ display: 'inline-block', width: '0.9em', height: '0.9em', verticalAlign: '-0.1em', marginRight: '0.25em', background: h.color, borderRadius: 2 }} />
            {h.name}
          </span>
          {i < shown.length - 1 ? ', ' : ''}
        </Fragment>
      ))}
      {end}
    </p>
  );
}
