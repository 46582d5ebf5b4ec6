import { simulate } from './bin/simulate';
void (async () => {
const r = await simulate({ ruleset: 'rulesets/2ww', games: Number(process.argv[2] ?? 12), seed: 1, apply: ['provisional-fill'], bots: 'random', workers: 1 });
console.log(r.gamesPerSecond, r.averageActions);
})();
