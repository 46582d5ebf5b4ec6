// The units a game's scenario places provisionally (a designer's choice, from no source), which the play map
// marks while they stand where placed.
import type { Game } from '../engine/game';
import { createUnits } from '../engine/game/arrivals';
import { joinPointer } from '../engine/json/pointer';
import { provisionalAt } from '../engine/provenance';

export interface ProvisionalPlacement {
  /** Where the game put the unit: once it stands elsewhere, play put it there, not the placement. */
  at: string;
  note?: string;
}

/**
 * Each unit placed at the start (not left to its owner to place) whose placement is provisional (its own
 * source, else its scenario's), by unit id. The ids are made as the game's set-up makes them, placement by
 * placement.
 */
export function provisionalPlacements(game: Game): Record<string, ProvisionalPlacement> {
  const { rules, initial } = game;
  const made = { ...initial, units: {}, serials: {} };
  const placed: Record<string, ProvisionalPlacement> = {};
  rules.scenario.placements.forEach((p, i) => {
    const units = createUnits(rules, made, p, p.power);
    const source = provisionalAt(rules.r, joinPointer('/scenarios', rules.scenarioId, 'placements', i));
    if ('error' in units || !source) return;
    for (const u of units) {
      const at = initial.units[u.id]?.at;
      if (at && at !== 'unplaced') placed[u.id] = { at, ...(source.note ? { note: source.note } : {}) };
    }
  });
  return placed;
}
