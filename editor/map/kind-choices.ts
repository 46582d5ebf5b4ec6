// What a new place's kinds field offers as the designer types its list (by commas): the kinds the map's places have
// and those rules read, each completing the kind being typed, and a word on a typed kind that neither is.
import { closest } from '@/engine/schema/errors';
import { counted } from '@/engine/words';
import type { PlaceKindOffer } from '@/server/geo/view';

/** The kinds typed so far, and the one being typed (after the last comma). */
const split = (typed: string) => {
  const parts = typed.split(',').map((k) => k.trim());
  return { done: parts.slice(0, -1).filter(Boolean), typing: parts.at(-1) ?? '' };
};

/** What a kind is to rules and to the map, said beside it in the list. */
export const kindLabel = ({ places, read }: PlaceKindOffer) => `${read ? 'read by rules' : 'read by no rule'}; ${places ? `on ${counted(places, 'place')}` : 'on no place yet'}`;

/**
 * The whole values the field's list offers: the kinds typed so far followed by each kind not among them, so that a
 * browser's list, which completes the whole value, completes the kind after the last comma.
 */
export function kindChoices(typed: string, offers: readonly PlaceKindOffer[]): { value: string; label: string }[] {
  const { done } = split(typed);
  const prefix = done.map((k) => `${k}, `).join('');
  return offers.filter((o) => !done.includes(o.id)).map((o) => ({ value: `${prefix}${o.id}`, label: kindLabel(o) }));
}

/**
 * A word on the typed kinds that no place has and no rule reads (most likely a slip, which play would read as
 * nothing), with the nearest kind offered; the kind still being typed only once no offered kind begins with it.
 */
export function unknownKinds(typed: string, offers: readonly PlaceKindOffer[]): string | undefined {
  const { done, typing } = split(typed);
  const ids = new Set(offers.map((o) => o.id));
  const unknown = [...done, ...(typing && !offers.some((o) => o.id.startsWith(typing)) ? [typing] : [])].filter((k) => !ids.has(k));
  if (!unknown.length) return undefined;
  const read = offers.filter((o) => o.read).map((o) => o.id);
  return unknown
    .map((k) => {
      const near = closest(k, read) ?? closest(k, ids);
      return `"${k}" is a kind no place has and no rule reads${near ? `: did you mean "${near}"?` : ''}`;
    })
    .join('; ');
}
