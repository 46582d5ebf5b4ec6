// Why a side's units near a target are left out of its attacks there: each unit the listing does not
// offer is tried in the attack on a copy of the position, and its refusal said. Asked by the play page
// when the tester opens an attack's list, never by the listing itself.
import type { FireTableCombat, UnitClass } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { joinWords } from '../../words';
import type { Game } from '../game';
import { graphOf, within } from '../graph';
import type { Refusal } from '../log';
import { actsFrom } from '../board';
import { currentSlot } from '../sequence-slots';
import type { GameState, LocKey } from '../state';
import { camp, unitList, type UnitState } from '../state';
import { Tx } from '../tx';
import { classOf, unitLabel } from '../units';
import { attackReach } from '.';

/** How many steps from a target a unit stands to be "near" it, though out of its reach. */
const NEAR = 2;

export interface LeftOut {
  unit: string;
  refusal: Refusal;
  /** Whether the refusal names the unit itself (most do, as the attack refused it): a list then says it once, in the refusal's words. */
  named: boolean;
}

interface Joiners {
  combat: string;
  /** The classes that make its attacks; any, where it names none. */
  attack?: readonly UnitClass[];
  support: readonly UnitClass[];
}

/** Who takes part in a combat's attacks, by class; undefined for a combat the tester adjudicates. */
function joinersOf(game: Game, combat: string): Joiners | undefined {
  const model = game.rules.r.mechanics?.combat?.[combat];
  if (model?.model === 'fire-table') return { combat, attack: model.attackers, support: model.support?.classes ?? [] };
  if (model?.model === 'odds-table' || model?.model === 'per-unit-dice') return { combat, attack: model.attackers, support: [] };
  return undefined;
}

const takesPart = (j: Joiners | undefined, cls: UnitClass) => j !== undefined && (!j.attack || j.attack.includes(cls) || j.support.includes(cls));

/**
 * Why a unit is left out whose class takes part in none of the step's automated combats (each of which so
 * names its attacking classes): which classes attack, and only support, in each, cited at the first's attackers.
 */
function noPart(game: Game, u: UnitState, joined: readonly Joiners[]): Refusal {
  const byWho = new Map<string, string[]>();
  for (const { combat, attack = [], support } of joined) {
    const only = support.filter((cls) => !attack.includes(cls));
    const who = `${joinWords(attack)} units${only.length ? `, ${joinWords(only)} units in support` : ''}`;
    byWho.set(who, [...(byWho.get(who) ?? []), combat]);
  }
  const made = [...byWho].map(([who, ids]) => `${ids.join(', ')}: ${who}`).join('; ');
  return {
    code: 'cannot-attack',
    message: `${unitLabel(game.rules, u)} is a ${classOf(game.rules, u)} unit, which takes part in none of this step's attacks (${made})`,
    cite: game.rules.cite(joinPointer('/mechanics/combat', joined[0].combat, 'attackers')),
  };
}

/**
 * The side's units within two steps of the target (or with it in their reach) that no listed attack on it
 * offers, each with the refusal of an attack on it with the units listed and it: the first combat of the
 * step's in which its class takes part says why; a unit of a class that takes part in none of them is told
 * which classes do (a combat the tester adjudicates, where it is all the step has, says so). A unit whose
 * attack would be accepted is not named.
 */
export function leftOutOfAttack(game: Game, s: GameState, side: string, target: LocKey): LeftOut[] {
  const rules = game.rules;
  const combats = currentSlot(rules, s)?.combats ?? [];
  const g = graphOf(rules);
  const i = g.index.get(target);
  if (!combats.length || i === undefined) return [];
  const listed = game.legalActions(s, side).flatMap((a) => (a.type === 'attack' && a.target === target ? [a] : []));
  const offered = new Set(listed.flatMap((a) => a.units));
  const near = new Set(within(g, i, NEAR));
  const joined = combats.map((combat) => joinersOf(game, combat));
  const automated = joined.filter((jn) => jn !== undefined);
  const tx = new Tx(rules, s, {}, true);
  const reaches = (unit: string) =>
    combats.some((combat) => {
      const model = rules.r.mechanics?.combat?.[combat];
      if (model?.model !== 'fire-table') return false;
      try {
        return tx.probe(() => attackReach(tx, s.units[unit], model as FireTableCombat).includes(i));
      } catch {
        return false;
      }
    });
  const out: LeftOut[] = [];
  for (const u of unitList(s)) {
    const at = offered.has(u.id) || camp(s, u.power) !== side ? undefined : actsFrom(rules, s, u);
    const j = at === undefined ? undefined : g.index.get(at);
    if (j === undefined || !(near.has(j) || reaches(u.id))) continue;
    const refusals = combats.flatMap((combat) => {
      const others = listed.find((a) => a.combat === combat)?.units ?? [];
      const tried = game.lookAhead(s, { type: 'attack', side, combat, target, units: [...others, u.id] });
      return tried.ok ? [] : [tried.refusal];
    });
    // Accepted in one of the step's combats: the unit may attack there after all.
    if (refusals.length < combats.length) continue;
    const part = joined.findIndex((jn) => takesPart(jn, classOf(rules, u)));
    const refusal = part >= 0 ? refusals[part] : automated.length ? noPart(game, u, automated) : refusals[0];
    out.push({ unit: u.id, refusal, named: refusal.message.includes(unitLabel(rules, u)) });
  }
  return out;
}
