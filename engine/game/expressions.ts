// The expression language: conditions and numbers over the game state. A roll draws from the seeded
// dice and explains itself; a gap met on the way is asked of the tester.
import type { Comparator, Condition, NumberExpr } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { isRecord } from '../json/record';
import { controlsAll, partyUnit } from './board';
import { roll } from './dice';
import { controlGroups, listedLocations } from './listed-locations';
import { unitList } from './state';
import { readResource, readTrack } from './stocks';
import { cellAt, tableOf } from './tables';
import type { Tx } from './tx';
import { cited, numeric } from './values';

export function compare(a: number, cmp: Comparator, b: number): boolean {
  switch (cmp) {
    case '<': return a < b;
    case '<=': return a <= b;
    case '==': return a === b;
    case '!=': return a !== b;
    case '>=': return a >= b;
    case '>': return a > b;
  }
}

/** Whether a condition rolls dice anywhere within it (read defensively: the linter asks it of conditions not yet valid). */
export const rollsDice = (c: unknown): boolean => isRecord(c) && (c.op === 'roll' || Object.values(c).some((v) => (Array.isArray(v) ? v.some(rollsDice) : rollsDice(v))));

export function test(tx: Tx, c: Condition, pointer: string): boolean {
  const s = tx.s;
  switch (c.op) {
    case 'all':
      return c.of.every((x, i) => test(tx, x, joinPointer(pointer, 'of', i)));
    case 'any': {
      const need = c.atLeast ?? 1;
      let held = 0;
      for (let i = 0; i < c.of.length && held < need; i++) if (test(tx, c.of[i], joinPointer(pointer, 'of', i))) held++;
      return held >= need;
    }
    case 'not':
      return !test(tx, c.of, joinPointer(pointer, 'of'));
    case 'controls': {
      // A place on no hex or area is no group (the linter reports it); a country with no location is one never held.
      const groups = controlGroups(tx.rules, c);
      const held = groups.filter((g) => controlsAll(s, g.at, c.by)).length;
      return held >= (c.atLeast ?? groups.length);
    }
    case 'compare':
      return compare(value(tx, c.left, joinPointer(pointer, 'left')), c.cmp, value(tx, c.right, joinPointer(pointer, 'right')));
    case 'turn': {
      const t = tx.rules.clock.index(c.turn);
      return t !== undefined && compare(s.turn, c.cmp, t);
    }
    case 'season': {
      const season = tx.rules.clock.season(s.turn);
      return season !== undefined && c.in.includes(season);
    }
    case 'status':
      return c.in.includes(s.powers[c.power]?.status ?? '');
    case 'relation':
      return c.in.includes(s.relations[relationKey(c.between[0], c.between[1])] ?? '');
    case 'flag':
      return s.flags[c.flag] === true;
    case 'roll':
      return compare(roll(tx, c.rule ? `Roll (rule ${c.rule})` : 'Roll', pointer, { dice: c.dice, sides: c.sides }), c.cmp, c.value);
    case 'present': {
      const where = new Set(listedLocations(tx.rules, c, 'locations').flatMap((l) => l.at));
      const anywhere = where.size === 0 && !c.places && !c.hexes && !c.areas && !c.countries;
      return unitList(s).some(partyUnit(tx.rules, s, c.of, anywhere ? undefined : where, c.unitClass));
    }
  }
}

export function value(tx: Tx, n: NumberExpr, pointer: string): number {
  if (typeof n === 'number') return n;
  const s = tx.s;
  switch (n.op) {
    case 'count': {
      if (n.units) {
        const set = new Set(listedLocations(tx.rules, n, 'locations').flatMap((l) => l.at));
        return unitList(s).filter(partyUnit(tx.rules, s, n.controlledBy, set.size ? set : undefined)).length;
      }
      return listedLocations(tx.rules, n, 'control').filter((l) => controlsAll(s, l.at, n.controlledBy)).length;
    }
    case 'track':
      return known(tx, readTrack(tx, n.track, n.power), pointer);
    case 'resource':
      return known(tx, readResource(tx, n.power, n.resource), pointer);
    case 'sum':
      return n.of.reduce<number>((total, x, i) => total + value(tx, x, joinPointer(pointer, 'of', i)), 0);
    case 'turnNumber':
      return s.turn;
    case 'constant': {
      const c = tx.rules.r.constants?.[n.id];
      const v = c && typeof c.value !== 'string' && typeof c.value !== 'boolean' ? cited(tx, c.value, joinPointer('/constants', n.id, 'value'), c.description) : undefined;
      return known(tx, v, pointer);
    }
    case 'cell': {
      // Without a row, the current turn's: the table's rows are the turns in order.
      const row = n.row ?? tableOf(tx, n.table)?.rows.keys[s.turn - 1];
      const read = row === undefined ? undefined : cellAt(tx, n.table, row, n.column, 'a number the rules read');
      return known(tx, read === undefined ? undefined : typeof read.value === 'number' ? read.value : numeric(String(read.value)), pointer);
    }
  }
}

/** Expressions are only evaluated outside probing, so a value is always known here. */
function known(tx: Tx, v: number | undefined, pointer: string): number {
  if (v === undefined) tx.refuse('unknown-value', 'a value this expression reads is not known yet', pointer);
  return v;
}

export const relationKey = (a: string, b: string) => [a, b].sort().join('|');
