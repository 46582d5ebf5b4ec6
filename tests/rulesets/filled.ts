// A bundled ruleset with its provisional fill applied, as `simulate` prepares it, for the tests that play
// its rules as a playtester would: new games of it, and what its map says between two hexes.
import { prepare } from '@/bin/simulate';
import { createGame, type Game, type GameState } from '@/engine/game';
import { eventsOf, put } from '../engine/play';

export function filled(ruleset: string) {
  const p = prepare({ ruleset, apply: ['provisional-fill'] });
  const map = p.ruleset.map!;
  return {
    p,
    map,
    /** A new game of the ruleset's first scenario. */
    game(seed = 7): Game {
      const created = createGame(p.ruleset, p.scenario, seed, { rulesetHash: p.hash });
      if (!created.ok) throw new Error(created.problems[0].message);
      return created.game;
    },
    /** Whether an all-sea hexside parts two hexes (by their numbers). */
    allSea: (a: string, b: string) => (map.hexsides ?? []).some((s) => s.between.includes(a) && s.between.includes(b) && map.features?.[s.feature]?.medium === 'sea'),
  };
}

/** Where `unit`, set at hex `from` (the units named in `aside` first set at `away`), may move: the hex numbers its side is offered. */
export function reach(g: Game, s: GameState, side: string, unit: string, from: string, aside: string[] = [], away = ''): string[] {
  for (const u of aside) s = put(g, s, u, `hex:${away}`);
  s = put(g, s, unit, `hex:${from}`);
  const to = g.legalActions(s, side).flatMap((a) => (a.type === 'move' && a.unit === unit ? [a.to.replace(/^hex:/, '')] : []));
  return [...new Set(to)].sort();
}

/** The special rules the tester was reminded of since the log's entry `from`, by id. */
export const remindedOf = (s: GameState, from = 0): string[] =>
  eventsOf(s.log.slice(from).flatMap((e) => e.events), 'reminder').flatMap((e) => (e.cite?.pointer.startsWith('/specialRules/') ? [e.cite.pointer.slice('/specialRules/'.length)] : []));
