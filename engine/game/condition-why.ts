// Why a condition holds or not, in words with what it found: "North controls 2 of the 22 listed (Eastmark
// and Westmark), which is at most 2". Made only for an event's text, so never on a hot path; it rolls no dice.
import type { Comparator, Condition } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { AT_LEAST, conditionSentence, namesOf, numberPhrase, type Names } from '../sentences';
import { joinWords } from '../words';
import { controlsAll } from './board';
import { compare, test, value } from './expressions';
import { controlGroups, listedLocations, type ListedLocation } from './listed-locations';
import { kept } from './rules';
import type { LocKey } from './state';
import type { Tx } from './tx';

const names = (tx: Tx): Names => kept(tx.rules, 'sentence-names', () => namesOf(tx.rules.r));

/** The condition at `pointer` said with what the position shows for it, and whether it holds. */
export function explainCondition(tx: Tx, c: Condition, pointer: string): string {
  const n = names(tx);
  switch (c.op) {
    case 'all':
    case 'any': {
      const parts = c.of.map((x, i) => explainCondition(tx, x, joinPointer(pointer, 'of', i)));
      if (c.op === 'all') return parts.join(' and ');
      return `${c.atLeast && c.atLeast > 1 ? `at least ${c.atLeast} of` : 'any of'}: ${parts.join(' or ')}`;
    }
    case 'not':
      return `not (${explainCondition(tx, c.of, joinPointer(pointer, 'of'))})`;
    case 'controls': {
      const groups = named(controlGroups(tx.rules, c), n);
      const held = groups.filter((g) => controlsAll(tx.s, g.keys, c.by)).map((g) => g.name);
      const holds = held.length >= (c.atLeast ?? groups.length);
      if (groups.length === 1 && c.atLeast === undefined) return `${groups[0].name} is ${holds ? '' : 'not '}controlled by ${n.actor(c.by)}`;
      const wanted = c.atLeast === undefined ? 'all of them' : `at least ${c.atLeast}`;
      return `${controlled(n.actor(c.by), held, groups.length)}, ${holds ? 'which is' : 'not'} ${wanted}`;
    }
    case 'compare': {
      const left = c.left;
      const right = numberOf(tx, c.right, joinPointer(pointer, 'right'));
      // A count of controlled locations names the ones it counted.
      if (typeof left === 'object' && left.op === 'count' && !left.units && !left.placeKind) {
        const groups = named(listedLocations(tx.rules, left, 'control'), n);
        const held = groups.filter((g) => controlsAll(tx.s, g.keys, left.controlledBy)).map((g) => g.name);
        return `${controlled(n.actor(left.controlledBy), held, groups.length)}, ${bound(held.length, c.cmp, right)}`;
      }
      const found = numberOf(tx, left, joinPointer(pointer, 'left'));
      return `${numberPhrase(left, n)} is ${found ?? 'not known yet'}, ${found === undefined || right === undefined ? `to be ${AT_LEAST[c.cmp]} ${right ?? numberPhrase(c.right, n)}` : bound(found, c.cmp, right)}`;
    }
    case 'roll':
      // Rolled when the condition was tested: its roll is an event of its own.
      return conditionSentence(c, n);
    default:
      return `${conditionSentence(c, n)} (${test(tx, c, pointer) ? 'true' : 'false'})`;
  }
}

/** "North controls 2 of the 22 listed (Eastmark and Westmark)". */
const controlled = (who: string, held: readonly string[], of: number) => `${who} controls ${held.length} of the ${of} listed${held.length ? ` (${joinWords(held)})` : ''}`;

const bound = (found: number, cmp: Comparator, right: number | undefined) =>
  right === undefined ? `to be ${AT_LEAST[cmp]} a number not known yet` : `${compare(found, cmp, right) ? 'which is' : 'not'} ${AT_LEAST[cmp]} ${right}`;

/** Places, hexes, areas and countries listed, each named, with its board locations (all of which are held to hold it). */
function named(listed: readonly ListedLocation[], n: Names): { name: string; keys: readonly LocKey[] }[] {
  const nameOf = { place: n.place, hex: (h: string) => `hex ${h}`, area: n.area, country: n.country };
  return listed.map((l) => ({ name: nameOf[l.kind](l.id), keys: l.at }));
}

/** A number the condition reads, or undefined where the game does not know it yet (a gap). */
function numberOf(tx: Tx, x: Parameters<typeof value>[1], pointer: string): number | undefined {
  try {
    return value(tx, x, pointer);
  } catch {
    return undefined;
  }
}
