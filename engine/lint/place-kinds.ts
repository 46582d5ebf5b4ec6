// A place's kinds are free ids that rules read: one that no rule reads and no other place has is most
// likely a misspelling ("prot"), which leaves the place counting for nothing in play.
import { joinPointer } from '../json/pointer';
import { closest } from '../schema/errors';
import { isRecord } from '../json/record';
import { referencesIn } from '../schema/validator';
import { entries, strings, type LintContext } from './context';

/** The kind of a power's capital place, which the studio reads itself: the maps mark it, and the lint checks a power names it (capital-unnamed). */
export const CAPITAL_KIND = 'capital';

/**
 * The place kinds a resolved ruleset (valid or not) reads: wherever the schemas mark a value as one (refersTo
 * "placeKind"), in any document, and the capital kind.
 */
export const placeKindsRead = (ruleset: unknown): Set<string> =>
  new Set([CAPITAL_KIND, ...referencesIn('ruleset', ruleset).flatMap((ref) => (ref.to === 'placeKind' && typeof ref.value === 'string' ? [ref.value] : []))]);

/** How many of the map's places have each kind. */
export function placesByKind(map: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, place] of entries(isRecord(map) ? map.places : undefined)) for (const kind of new Set(strings(place.kinds))) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

export function lintPlaceKinds(ctx: LintContext) {
  const placesOf = placesByKind(ctx.map);
  const read = placeKindsRead(ctx.r);
  for (const [id, place] of entries(ctx.map.places)) {
    strings(place.kinds).forEach((kind, i) => {
      if (read.has(kind) || placesOf.get(kind) !== 1) return;
      const name = typeof place.name === 'string' ? `${place.name} ("${id}")` : `"${id}"`;
      const near = closest(kind, read);
      const hint = near ? `; did you mean "${near}"?` : read.size ? `; the kinds rules read: ${[...read].sort().map((k) => `"${k}"`).join(', ')}` : '';
      ctx.add(joinPointer('/map/places', id, 'kinds', i), 'warning', 'unread-place-kind', `${name} is of kind "${kind}", which no rule reads and no other place has: it counts for nothing in play${hint}`);
    });
  }
}
