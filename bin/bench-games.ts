// Random-bot games per second per core on 2WW with the provisional fill (one worker, so per core),
// how many ran to their end, the greedy bots' rate, and what listing every legal action costs in a movement step.
import { createGame } from '../engine/game';
import type { PlayerAction } from '../engine/game/actions';
import { botRng, randomBot, randomOf, type BotRng } from '../engine/game/bots';
import { copyPlain, type GameState } from '../engine/game/state';
import { prepare, simulate } from './simulate';

const games = Number(process.argv[2] ?? 8);
// Warm-up games first, as the other figures warm up: the engine's code is compiled while it first runs.
// The measured games load the ruleset afresh, so what the rules keep (zones, reaches, costs) starts empty.
const warmup = 2;
await simulate({ ruleset: 'rulesets/2ww', games: warmup, seed: 1_000_000, apply: ['provisional-fill'], bots: 'random', workers: 1 });
// The same games are played in three rounds, this machine's speed varying from one moment to the next:
// the best round is the figure (what the engine can do), the median beside it. When each game of a round
// ends is kept, to tell its first game (which fills what the rules keep) from the rate after it.
const played: { report: Awaited<ReturnType<typeof simulate>>; ended: number[] }[] = [];
for (let round = 0; round < 3; round++) {
  const ended: number[] = [];
  const report = await simulate({ ruleset: 'rulesets/2ww', games, seed: 1, apply: ['provisional-fill'], bots: 'random', workers: 1, progress: () => ended.push(performance.now()) });
  played.push({ report, ended });
}
const bySpeed = played.sort((a, b) => b.report.gamesPerSecond - a.report.gamesPerSecond);
const { report, ended } = bySpeed[0];
const complete = report.results.filter((r) => r.end === 'over').length;
const after = (ended.at(-1)! - ended[0]) / 1000;
console.log(`bench:games  2WW + provisional-fill, random bots, 1 core: ${report.gamesPerSecond.toFixed(2)} complete games/s (target ≥ 20) ` +
  `(best of ${played.length} rounds of ${games} games, the median ${bySpeed[1].report.gamesPerSecond.toFixed(2)}; ${report.seconds.toFixed(2)} s after ${warmup} warm-up games; ` +
  `${complete} to their victory check, ${games - complete} stopped or capped; ` +
  `${report.averageActions.toFixed(0)} actions a game, ${(report.averageActions * report.gamesPerSecond).toFixed(0)} actions/s; ` +
  `the first game ${(report.seconds - after).toFixed(2)} s, the ${games - 1} after it ${((games - 1) / after).toFixed(2)} games/s)`);

const p = prepare({ ruleset: 'rulesets/2ww', apply: ['provisional-fill'] });
const created = createGame(p.ruleset, p.scenario, 1, { rulesetHash: p.hash });
if (!created.ok) throw new Error(created.problems[0].message);
const game = created.game;

/**
 * Plays seeds 1-3 to their end in this process, a side's actions chosen by `choose`, and hands each
 * action to `timed` with the milliseconds spent choosing and applying it.
 */
function playTimed(choose: (s: GameState, side: string, rng: BotRng) => PlayerAction | undefined, timed: (action: PlayerAction, choosing: number, applying: number) => void) {
  for (let seed = 1; seed <= 3; seed++) {
    const rng = botRng(seed);
    let s = copyPlain(game.initial);
    for (let n = 0; n < 5000 && !s.over; n++) {
      const t0 = performance.now();
      const action = choose(s, game.activeSides(s)[0], rng);
      const t1 = performance.now();
      if (!action) break;
      const r = game.applyInPlace(s, action);
      const t2 = performance.now();
      if (!r.ok) throw new Error(r.refusal.message);
      s = r.state;
      timed(action, t1 - t0, t2 - t1);
    }
  }
}

// Where an action's time goes: the bot choosing it, then the engine applying it, by kind of action.
// Measured unbundled in this process, which is slower than the bundled games above: its shares are
// applied to their time per action.
const spent = { choosing: 0, applying: 0 };
const byType = new Map<string, { ms: number; n: number }>();
playTimed(
  (s, side, rng) => randomBot(game, s, side, rng)?.action,
  (action, choosing, applying) => {
    spent.choosing += choosing;
    spent.applying += applying;
    const t = byType.get(action.type) ?? { ms: 0, n: 0 };
    byType.set(action.type, { ms: t.ms + applying, n: t.n + 1 });
  },
);
const total = spent.choosing + spent.applying;
const perAction = 1e6 / (report.averageActions * report.gamesPerSecond);
const share = (ms: number) => `${((100 * ms) / total).toFixed(0)}%`;
const kinds = [...byType].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 4);
console.log(`bench:games  ${perAction.toFixed(0)} µs an action (${(1e6 / 20 / report.averageActions).toFixed(0)} µs for 20 games/s): ` +
  `choosing ${share(spent.choosing)}, applying ${share(spent.applying)}, of which ${kinds.map(([type, t]) => `${type} ${share(t.ms)} (${(t.n / 3).toFixed(0)} a game)`).join(', ')}`);

// The floor of applying: sides that end each step as soon as they may (placing, and taking losses, as they
// must) still play every step of every turn. Only applying their actions is timed, against the whole time
// of the random-bot games above in this process: the rate a game could reach were choosing free and
// every optional action (moves, attacks, purchases) left out.
let floor = 0;
let floorActions = 0;
playTimed(
  (s, side, rng) => {
    const listing = game.legalListing(s, side, { movers: [] });
    return listing.others.find((a) => a.type === 'endStep') ?? randomOf(listing, rng);
  },
  (_, __, applying) => {
    floor += applying;
    floorActions++;
  },
);
console.log(`bench:games  sides ending each step at once: ${(floorActions / 3).toFixed(0)} actions a game, whose applying alone takes ${((100 * floor) / total).toFixed(0)}% ` +
  `of a random-bot game's time: at most ${((report.gamesPerSecond * total) / floor).toFixed(1)} games/s, were choosing free and no unit moved`);

// The greedy bots, as the balance lab plays them, on one core.
const greedy = await simulate({ ruleset: 'rulesets/2ww', games: 3, seed: 1, apply: ['provisional-fill'], bots: 'greedy', workers: 1 });
console.log(`bench:games  greedy bots, 1 core: ${greedy.gamesPerSecond.toFixed(2)} complete games/s (${greedy.games} games, ${greedy.averageActions.toFixed(0)} actions a game)`);

// Every legal action of the first side to move, as the play page lists them.
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
