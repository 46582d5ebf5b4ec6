// How the play page names a location and an action in a line of text.
import type { Action, ManualOp } from '@/engine/game';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';

/** Each kind of change the tester makes by hand, in words. */
export const MANUAL_LABELS: Record<ManualOp['op'], string> = {
  moveUnit: 'move a unit',
  setSteps: 'set steps lost',
  addUnit: 'add a unit',
  setControl: 'set control',
  adjustResource: 'adjust points',
  setTrack: 'set a track',
  setFlag: 'set a flag',
  setStatus: 'set a status',
  setSide: 'set a side',
  setRelation: 'set a relation',
  roll: 'roll dice',
  dieResult: 'enter a die result',
  resolveTask: 'mark a task done',
  clearLosses: 'settle losses',
  clearAftermath: 'settle a retreat',
  keepRuling: 'keep a ruling',
  forgetRuling: 'withdraw a kept ruling',
  endGame: 'end the game',
};

type GameMap = ResolvedRuleset['map'];

/**
 * A location the tester types: "area:x" or "box:y" as written; a bare word the area of that id where the map has one;
 * a hex number on a hex map that hex; else a named place, by its id or name in any case ("Berlin"), where it stands
 * (its hex, or its area), or an area or box by its name; else, on an area map, the area of that id unless the word is
 * a number, and ("1909") that hex. The engine so hears a location however the tester names it.
 */
export function typedLocation(text: string, map: GameMap): string {
  const t = text.trim();
  if (t.includes(':')) return t;
  if (map?.areas !== undefined && Object.hasOwn(map.areas, t)) return `area:${t}`;
  const number = /^\d+$/.test(t);
  if (number && map?.kind !== 'area') return `hex:${t}`;
  return namedLocation(t, map) ?? (map?.kind === 'area' && !number ? `area:${t}` : `hex:${t}`);
}

/** Where the place, area or box named (by id or name, in any case) `text` stands, if one is. */
function namedLocation(text: string, map: GameMap): string | undefined {
  const wanted = text.toLowerCase();
  const is = (id: string, e: { name: string }) => id.toLowerCase() === wanted || e.name.toLowerCase() === wanted;
  const place = Object.entries(map?.places ?? {}).find(([id, p]) => is(id, p) && (p.hex !== undefined || p.area !== undefined))?.[1];
  if (place) return place.hex !== undefined ? `hex:${place.hex}` : `area:${place.area}`;
  const area = Object.entries(map?.areas ?? {}).find(([id, a]) => is(id, a))?.[0];
  if (area !== undefined) return `area:${area}`;
  const box = Object.entries(map?.boxes ?? {}).find(([id, b]) => is(id, b))?.[0];
  return box !== undefined ? `box:${box}` : undefined;
}

/** What a field for a typed location takes, as its placeholder. */
export const locationHint = (map: GameMap) => (map?.kind === 'area' ? 'area or place, box:id' : 'hex number or place, area:id, box:id');

const asIs = (id: string) => id;

/** A location as the tester reads it: "hex 1906", an area or box by its name on the `map` ("Atlantic box"), else "box atlantic", "aboard Home Fleet" (the carrier named by `nameOf`). */
export function locLabel(at: string, nameOf: (unit: string) => string = asIs, map?: GameMap): string {
  if (at.startsWith('carried:')) return `aboard ${nameOf(at.slice(8))}`;
  const i = at.indexOf(':');
  if (i < 0) return at;
  const [kind, id] = [at.slice(0, i), at.slice(i + 1)];
  const named = kind === 'area' ? map?.areas?.[id]?.name : kind === 'box' ? map?.boxes?.[id]?.name : undefined;
  return named ?? `${kind} ${id}`;
}

/** Where a unit is, in a sentence: "at hex 1906", "at Atlantic box", "aboard Home Fleet", "(unplaced)", "(pool)". */
export const whereIs = (at: string, nameOf: (unit: string) => string = asIs, map?: GameMap) => (at.startsWith('carried:') ? locLabel(at, nameOf) : at.includes(':') ? `at ${locLabel(at, nameOf, map)}` : `(${at})`);

/** An action in a few words, for a log entry's heading or a refusal, naming its unit by `nameOf` and its areas and boxes by the `map`. */
export function describe(a: Action, nameOf: (unit: string) => string, map?: GameMap): string {
  const where = (at: string) => locLabel(at, nameOf, map);
  switch (a.type) {
    case 'start':
      return 'start the game';
    case 'move':
      return `move ${nameOf(a.unit)} to ${where(a.to)}${a.rail ? ' by rail' : ''}`;
    case 'place':
      return `place ${nameOf(a.unit)} at ${where(a.at)}`;
    case 'attack':
      return `attack ${where(a.target)}`;
    case 'assault':
      return `assault ${where(a.to)} with ${nameOf(a.unit)}`;
    case 'airdrop':
      return `airdrop ${nameOf(a.unit)} to ${where(a.to)}`;
    case 'manual':
      return `by hand: ${MANUAL_LABELS[a.op.op] ?? a.op.op}`;
    case 'endStep':
      return a.idle ? 'end the step: nothing to do' : 'end the step';
    case 'advance':
    case 'retreat':
    case 'displace':
      return `${a.type} ${nameOf(a.unit)} to ${where(a.to)}`;
    case 'board':
      return `board ${nameOf(a.unit)} onto ${nameOf(a.carrier)}`;
    case 'land':
      return `land ${nameOf(a.unit)}`;
    case 'buy':
      return `buy ${nameOf(a.unit)}${a.at ? ` at ${where(a.at)}` : ''}`;
    case 'upgrade':
      return `upgrade ${nameOf(a.unit)}`;
    case 'withdraw':
      return `withdraw from ${where(a.target)}`;
    case 'endAdvance':
      return 'advance no further';
    case 'defend':
      return `defend with ${a.units.map(nameOf).join(', ')}`;
    case 'allocate':
      return `take losses with ${a.units.map(nameOf).join(', ')}`;
    default:
      return a.type;
  }
}

/** What the stocks line says of the resources each income replaces: their unspent amounts do not carry over. */
export const lapseNote = (lapsing: readonly string[]) => `unspent ${lapsing.join(' and ')} ${lapsing.length > 1 ? 'are' : 'is'} lost when the next income is counted (the production model saves none)`;

/** The powers' stocks in a line: those holding some (or an unknown amount) by name, those with none together, by resource; a conquered power last, said to be so, with what it still holds. */
export function stocksLine(stocks: readonly { power: string; resource: string; amount?: number; conquered?: true }[], name: (power: string) => string): string {
  const standing = stocks.filter((x) => !x.conquered);
  const held = standing.filter((x) => x.amount !== 0).map((x) => `${name(x.power)} ${x.amount ?? '?'} ${x.resource}`);
  const none = new Map<string, string[]>();
  for (const x of standing) if (x.amount === 0) none.set(x.resource, [...(none.get(x.resource) ?? []), name(x.power)]);
  const conquered = new Map<string, string[]>();
  for (const x of stocks) if (x.conquered) conquered.set(x.power, [...(conquered.get(x.power) ?? []), ...(x.amount === 0 ? [] : [`${x.amount ?? '?'} ${x.resource}`])]);
  const fallen = [...conquered].map(([power, kept]) => `${name(power)} conquered${kept.length ? ` (${kept.join(', ')})` : ''}`);
  return [...held, ...[...none].map(([resource, powers]) => `0 ${resource}: ${powers.join(', ')}`), ...fallen].join(' · ');
}
