// The play engine's public surface: create a game from a resolved ruleset, list and apply actions,
// replay and undo from the log. States, actions and events are plain data.
export { createGame, gameOver, type Game, type GameOptions, type CreateResult, type ActionResult, type ReplayResult, type GameStatus } from './game';
export type { Action, PlayerAction } from './actions';
export type { ManualOp } from './manual';
export type { GameState, UnitState, LocKey, Question, Answer, Task, PendingLoss, GameResult, PlacementZone } from './state';
export { playByPlay, type GameEvent, type EventKind, type LogEntry, type Refusal, type Cite, type AppliedShift, type BattleSide } from './log';
export { hexGrid, type HexGrid } from './hex';
export { attackOdds, type AttackOdds, type OddsResult } from './odds';
export type { Overview } from './overview';
export { rerun, type Rerun } from './rerun';
