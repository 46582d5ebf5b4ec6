// What a game says of its provisional values (a designer's fills, from no source): examples for its banner,
// and the units its scenario places provisionally, which the play map marks while they stand where placed.
import type { CompletenessReport } from '../engine';
import type { Game } from '../engine/game';
import { createUnits } from '../engine/game/arrivals';
import { joinPointer } from '../engine/json/pointer';
import { provisionalAt } from '../engine/provenance';
import type { GameSummary } from './games';

const EXAMPLES = 5;

/**
 * The count of provisional values and a few of them by pointer: those the ruleset's own documents mark first
 * (a designer's fills, each with its note), then those its patch sets wrote (a provisional fill's).
 */
export function provisionalSummary(report: CompletenessReport): GameSummary['provisional'] {
  const examples = [...report.provisional.filter((e) => !e.patched), ...report.provisional.filter((e) => e.patched)].slice(0, EXAMPLES);
  const notes = Object.fromEntries(examples.flatMap((e) => (e.note ? [[e.pointer, e.note]] : [])));
  return { count: report.total.provisional, examples: examples.map((e) => e.pointer), ...(Object.keys(notes).length ? { notes } : {}) };
}

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
