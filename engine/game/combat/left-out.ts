// Why a side's units near a target are left out of its attacks there: each unit the listing does not
// offer is tried in the attack on a copy of the position, and its refusal said. Asked by the play page
// when the tester opens an attack's list, never by the listing itself.
import type { FireTableCombat } from '../../generated/schema-types';
import type { Game } from '../game';
import { graphOf, within } from '../graph';
import type { Refusal } from '../log';
import { actsFrom } from '../board';
import { currentSlot } from '../sequence-slots';
import type { GameState, LocKey } from '../state';
import { camp, unitList } from '../state';
import { Tx } from '../tx';
import { attackReach } from '.';

/** How many steps from a target a unit stands to be "near" it, though out of its reach. */
const NEAR = 2;

export interface LeftOut {
  unit: string;
  refusal: Refusal;
}

/**
 * The side's units within two steps of the target (or with it in their reach) that no listed attack on it
 * offers, each with the refusal of an attack on it with the units listed and it: the first combat of the
 * step's in which its class takes part says why, else the first. A unit whose attack would be accepted is
 * not named.
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
    out.push({ unit: u.id, refusal: refusals.find((r) => r.code !== 'cannot-attack' && r.code !== 'manual-combat') ?? refusals[0] });
  }
  return out;
}
