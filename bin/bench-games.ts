// Random-bot games per second per core on 2WW with the provisional fill (one worker, so per core),
// how many ran to their end, and what listing every legal action costs in a movement step.
import { createGame } from '../engine/game';
import { prepare, simulate } from './simulate';

const games = Number(process.argv[2] ?? 8);
// Warm-up games first, as the other figures warm up: the engine's code is compiled while it first runs.
// The measured games load the ruleset afresh, so what the rules keep (zones, reaches, costs) starts empty.
const warmup = 2;
await simulate({ ruleset: 'rulesets/2ww', games: warmup, seed: 1_000_000, apply: ['provisional-fill'], bots: 'random', workers: 1 });
// When each measured game ends, to tell the first (which fills what the rules keep) from the rate after it.
const ended: number[] = [];
const report = await simulate({ ruleset: 'rulesets/2ww', games, seed: 1, apply: ['provisional-fill'], bots: 'random', workers: 1, progress: () => ended.push(performance.now()) });
const complete = report.results.filter((r) => r.end === 'over').length;
const after = (ended.at(-1)! - ended[0]) / 1000;
console.log(`bench:games  2WW + provisional-fill, random bots, 1 core: ${report.gamesPerSecond.toFixed(2)} complete games/s (target ≥ 20) ` +
  `(${games} games in ${report.seconds.toFixed(2)} s after ${warmup} warm-up games; ${complete} to their victory check, ${games - complete} stopped or capped; ` +
  `${report.averageActions.toFixed(0)} actions a game, ${(report.averageActions * report.gamesPerSecond).toFixed(0)} actions/s; ` +
  `the first game ${(report.seconds - after).toFixed(2)} s, the ${games - 1} after it ${((games - 1) / after).toFixed(2)} games/s)`);

// Every legal action of the first side to move, as the play page lists them.
const p = prepare({ ruleset: 'rulesets/2ww', apply: ['provisional-fill'] });
const created = createGame(p.ruleset, p.scenario, 1, { rulesetHash: p.hash });
if (!created.ok) throw new Error(created.problems[0].message);
const game = created.game;
let s = game.initial;
for (let i = 0; i < 500 && game.movers(s, game.activeSides(s)[0] ?? '').length === 0; i++) {
  const side = game.activeSides(s)[0];
  const listed = game.legalActions(s, side);
  const next = listed.find((a) => a.type !== 'move' && a.type !== 'attack' && a.type !== 'buy') ?? listed[0];
  const r = game.applyAction(s, next);
  if (!r.ok) throw new Error(r.refusal.message);
  s = r.state;
}
const side = game.activeSides(s)[0];
// The first listing works out every unit's reach; later ones at the same position reuse them.
const times: number[] = [];
let listed = 0;
for (let i = 0; i < 15; i++) {
  const t0 = performance.now();
  listed = game.legalActions(s, side).length;
  times.push(performance.now() - t0);
}
const again = times.slice(1).sort((a, b) => a - b)[7];
console.log(`bench:games  2WW legal actions of ${side} in ${game.status(s).step}: ${listed} listed in ${times[0].toFixed(1)} ms, ${again.toFixed(1)} ms again (median of 14)`);
