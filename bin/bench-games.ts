// Random-bot games per second per core on 2WW with the provisional fill (one worker, so per core).
// Prints the figure, and how many games ran to their end rather than stopping on a manual step.
import { simulate } from './simulate';

const games = Number(process.argv[2] ?? 20);
const report = await simulate({ ruleset: 'rulesets/2ww', games, seed: 1, apply: ['provisional-fill'], bots: 'random', workers: 1 });
const complete = report.results.filter((r) => r.end === 'over').length;
console.log(`bench:games  2WW + provisional-fill, random bots, 1 core: ${report.gamesPerSecond.toFixed(2)} games/s ` +
  `(${games} games in ${report.seconds.toFixed(2)} s; ${complete} complete, ${games - complete} stopped on a manual step or capped; ` +
  `${(report.averageActions * report.gamesPerSecond).toFixed(0)} actions/s)`);
