// A scenario's setup as a designer edits it on the map: where each placement puts its units, and whether
// one may start somewhere else. A new location meets the checks a player's placement meets in play (the
// unit's place restriction, the placement's constraint, terrain it may enter, stacking).
import type { Location } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { createUnits, destination, placementBarrier } from './arrivals';
import type { Game } from './game';
import type { Refusal } from './log';
import type { Rules } from './rules';
import type { LocKey } from './state';
import { locId, setUnit } from './state';
import { Refused, Tx } from './tx';

export interface SetupPlacement {
  /** Index in the scenario's placements. */
  index: number;
  power: string;
  /** Roster id, for an individual unit. */
  unit?: string;
  type: string;
  count: number;
  reduced: boolean;
  /** Where it starts, when the data says where (a hex, area, box or carrier). */
  at?: LocKey;
  /** The constraint its owner places it within, when the data leaves the choice to the player. */
  constraint?: string;
  /** Why the location cannot be read (an unknown hex or place). */
  error?: string;
}

const placementPointer = (rules: Rules, index: number) => joinPointer('/scenarios', rules.scenarioId, 'placements', index);

export function setupPlacements(rules: Rules): SetupPlacement[] {
  return rules.scenario.placements.map((p, index) => {
    const dest = destination(rules, p.location, joinPointer(placementPointer(rules, index), 'location'));
    const type = p.unit !== undefined ? (rules.r.roster?.[p.unit]?.type ?? '') : (p.type ?? '');
    return {
      index,
      power: p.power,
      ...(p.unit !== undefined ? { unit: p.unit } : {}),
      type,
      count: p.count ?? 1,
      reduced: p.reduced === true,
      ...('at' in dest ? { at: dest.at } : 'zone' in dest ? { constraint: dest.zone.constraint?.text } : { error: dest.error }),
    };
  });
}

/**
 * The location a placement would have if its units started at `to` (a hex or an area), or why they may not.
 * A placement that named a place keeps naming a place where `to` has one. Checked against the game's
 * starting position without the placement's own units.
 */
export function movePlacement(game: Game, index: number, to: LocKey): { location: Location } | { refusal: Refusal } {
  const rules = game.rules;
  const p = rules.scenario.placements[index];
  const pointer = placementPointer(rules, index);
  const refuse = (code: string, message: string, at = pointer) => ({ refusal: { code, message, cite: rules.cite(at) } });
  if (!p) return refuse('no-placement', `scenario "${rules.scenarioId}" has no placement ${index}`, joinPointer('/scenarios', rules.scenarioId, 'placements'));
  const location: Location = to.startsWith('hex:') ? { hex: locId(to) } : to.startsWith('area:') ? { area: locId(to) } : {};
  const dest = destination(rules, location, pointer);
  if (!('at' in dest)) return refuse('not-on-board', `${to} is not a hex or area of the map`);
  const place = p.location.place !== undefined ? rules.placesAt.get(dest.at)?.[0] : undefined;

  const start = game.initial;
  const units = createUnits(rules, { ...start, units: {}, serials: {} }, p, p.power);
  if ('error' in units) return refuse('bad-setup', units.error);
  const others = Object.fromEntries(Object.entries(start.units).filter(([id]) => !units.some((u) => u.id === id)));
  const tx = new Tx(rules, { ...start, units: others });
  const constraint = p.location.constraint;
  const zone = constraint ? { constraint, pointer: joinPointer(pointer, 'location', 'constraint') } : { pointer: joinPointer(pointer, 'location') };
  try {
    for (const u of units) {
      // Values the data leaves as gaps read as unknown here, rather than asking the tester.
      const barrier = tx.probe(() => placementBarrier(tx, { ...u, at: 'unplaced', zone }, dest.at));
      if (barrier) return refuse(barrier.code, barrier.message, barrier.pointer);
      // The placement's next unit stacks with this one.
      setUnit(tx.s, { ...u, at: dest.at });
    }
  } catch (e) {
    if (e instanceof Refused) return { refusal: e.refusal };
    throw e;
  }
  return { location: place ? { place } : location };
}
