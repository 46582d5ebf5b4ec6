// A place's kinds are free ids that rules read: one that no rule reads and no other place has is most
// likely a misspelling ("prot"), which leaves the place counting for nothing in play.
import { joinPointer } from '../json/pointer';
import { closest } from '../schema/errors';
import { referencesIn } from '../schema/validator';
import { entries, strings, type LintContext } from './context';

export function lintPlaceKinds(ctx: LintContext) {
  const places = entries(ctx.map.places);
  const placesOf = new Map<string, number>();
  for (const [, place] of places) for (const kind of new Set(strings(place.kinds))) placesOf.set(kind, (placesOf.get(kind) ?? 0) + 1);
  // The kinds read are wherever the schemas mark a value as a place kind (refersTo), in any document.
  const read = new Set(referencesIn('ruleset', ctx.r).flatMap((ref) => (ref.to === 'placeKind' && typeof ref.value === 'string' ? [ref.value] : [])));
  for (const [id, place] of places) {
    strings(place.kinds).forEach((kind, i) => {
      if (read.has(kind) || placesOf.get(kind) !== 1) return;
      const name = typeof place.name === 'string' ? `${place.name} ("${id}")` : `"${id}"`;
      const near = closest(kind, read);
      const hint = near ? `; did you mean "${near}"?` : read.size ? `; the kinds rules read: ${[...read].sort().map((k) => `"${k}"`).join(', ')}` : '';
      ctx.add(joinPointer('/map/places', id, 'kinds', i), 'warning', 'unread-place-kind', `${name} is of kind "${kind}", which no rule reads and no other place has: it counts for nothing in play${hint}`);
    });
  }
}
