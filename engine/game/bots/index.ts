// Bots: players that pick among the engine's legal actions. Pure and deterministic given their seed;
// their choices go into the log like anyone's, so replay never runs a bot.
export { botRng, positionSeed, type BotRng } from './rng';
export { randomBot, randomOf, END_STEP_CHANCE } from './random';
export { greedyBot, victoryScore, victoryGoals } from './greedy';
export { labelActions, labelAction } from './label';
export { BOTS, BOT_KINDS, runBots, placeRest, playOut, manualStep, type Bot, type BotChoice, type BotKind, type BotRun, type Halt, type PlayedGame, type Unlisted } from './play';
