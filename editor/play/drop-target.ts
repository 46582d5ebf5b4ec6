// Where a counter dragged over the play map lands, read from what is under the pointer: the map's own shapes say
// which location each draws (a box's panel `box-at-…`, an area's marker `area-at-…` or outline `area-outline-at-…`),
// and a counter stands at its unit's location (dropped on a stack, a unit joins it, as a click on a counter
// where the selected unit may go does).
import type { Counter } from './counters';

const NAMED = /^(box|area)(?:-outline)?-at-(.+)$/;

/** The location drawn by the topmost of `under` (topmost first) that draws one, or undefined (a hex map then reads its hex from the point). */
export function locationUnder(under: readonly Element[], byLocation: ReadonlyMap<string, readonly Counter[]>): string | undefined {
  for (const element of under) {
    const unit = element.closest('[data-unit]')?.getAttribute('data-unit');
    if (unit) {
      for (const [at, counters] of byLocation) if (counters.some((c) => c.id === unit)) return at;
    }
    for (const name of element.classList) {
      const [, kind, id] = NAMED.exec(name) ?? [];
      if (kind) return `${kind}:${id}`;
    }
  }
  return undefined;
}
