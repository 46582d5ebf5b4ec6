// Balance runs, kept: each run's settings, the rules it played (their hash), its report and every game's
// outcome by seed, so runs survive a restart and two of them can be compared. A run playing keeps the
// games played so far now and then; one still playing when the server stopped is marked interrupted
// the next time the store opens, with the games it had kept.
import type Database from 'better-sqlite3';
import type { BotKind, PlayedGame } from '../engine/game/bots';
import { databaseFile, openDatabase } from './db';
import { outcomeOf, type SimulationReport } from './simulation';

export type RunSource = 'drafts' | 'files';
export type RunState = 'playing' | 'done' | 'stopped' | 'failed' | 'interrupted';

export interface RunSettings {
  games: number;
  seed: number;
  bots: BotKind;
  optionalPatchSets: string[];
  /** The scenario played, by id: the ruleset's first when absent (as in runs kept before it was chosen). */
  scenario?: string;
}

export interface SimulationRun extends RunSettings {
  id: string;
  rulesetId: string;
  /** The rules played: the drafts as the workbench showed them, or the files as published. */
  source: RunSource;
  /** The resolved ruleset's hash: two runs with the same hash played the same rules. */
  rulesetHash: string;
  state: RunState;
  /** Games played so far. */
  done: number;
  /** The report of the games played (all of them, or those played before a stop). */
  report?: Omit<SimulationReport, 'results'>;
  /** Why it failed or stopped. */
  error?: string;
  startedAt: string;
  endedAt?: string;
}

/** One game of a run as kept: its seed, outcome key and length. */
export interface PlayedOutcome {
  seed: number;
  outcome: string;
  turns: number;
}

interface Row {
  id: string;
  rulesetId: string;
  source: RunSource;
  rulesetHash: string;
  options: string;
  state: RunState;
  report: string | null;
  error: string | null;
  startedAt: string;
  endedAt: string | null;
}

export type RunStore = ReturnType<typeof createRunStore>;

export function createRunStore(db: Database.Database) {
  db.prepare("UPDATE simulations SET state = 'interrupted', ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE state = 'playing'").run();
  const cols = 'id, ruleset_id AS rulesetId, source, ruleset_hash AS rulesetHash, options, state, report, error, started_at AS startedAt, ended_at AS endedAt';
  const insert = db.prepare('INSERT INTO simulations (id, ruleset_id, source, ruleset_hash, options, state) VALUES (@id, @rulesetId, @source, @rulesetHash, @options, @state)');
  const finish = db.prepare(
    "UPDATE simulations SET state = @state, report = @report, played = @played, error = @error, ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = @id",
  );
  const keep = db.prepare("UPDATE simulations SET report = @report, played = @played WHERE id = @id AND state = 'playing'");
  /** A report as kept: its summary, and each game's outcome by seed. */
  const columns = (report: SimulationReport) => {
    const { results, ...summary } = report;
    const played = results.map((r: PlayedGame): PlayedOutcome => ({ seed: r.seed, outcome: outcomeOf(r)[0], turns: r.turns }));
    return { report: JSON.stringify(summary), played: JSON.stringify(played) };
  };
  const selectRun = db.prepare<[string], Row>(`SELECT ${cols} FROM simulations WHERE id = ?`);
  const selectPlayed = db.prepare<[string], { played: string | null }>('SELECT played FROM simulations WHERE id = ?');
  const listBy = db.prepare<[string, number], Row>(`SELECT ${cols} FROM simulations WHERE ruleset_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?`);
  const remove = db.prepare('DELETE FROM simulations WHERE id = ?');

  const runOf = ({ options, report, error, endedAt, ...row }: Row): SimulationRun => {
    const parsed = report ? (JSON.parse(report) as SimulationRun['report']) : undefined;
    return { ...row, ...(JSON.parse(options) as RunSettings), done: parsed?.games ?? 0, report: parsed, error: error ?? undefined, endedAt: endedAt ?? undefined };
  };

  return {
    db,
    /** Records a run as it starts playing. */
    start(run: Pick<SimulationRun, 'id' | 'rulesetId' | 'source' | 'rulesetHash'> & RunSettings): void {
      const { games, seed, bots, optionalPatchSets, scenario, ...rest } = run;
      insert.run({ ...rest, options: JSON.stringify({ games, seed, bots, optionalPatchSets, scenario }), state: 'playing' });
    },
    /** Records how a run ended, with the games it played (none when it failed). */
    finish(id: string, state: Exclude<RunState, 'playing' | 'interrupted'>, report: SimulationReport | undefined, error?: string): void {
      finish.run({ id, state, ...(report ? columns(report) : { report: null, played: null }), error: error ?? null });
    },
    /** Keeps the games a run playing has played so far, should the server stop before it ends. */
    checkpoint(id: string, report: SimulationReport): void {
      keep.run({ id, ...columns(report) });
    },
    get(id: string): SimulationRun | undefined {
      const row = selectRun.get(id);
      return row && runOf(row);
    },
    /** Each game's outcome by seed, for a run that reported. */
    played(id: string): PlayedOutcome[] {
      const row = selectPlayed.get(id);
      return row?.played ? (JSON.parse(row.played) as PlayedOutcome[]) : [];
    },
    /** A ruleset's runs, newest first. */
    list(rulesetId: string, limit: number): SimulationRun[] {
      return listBy.all(rulesetId, limit).map(runOf);
    },
    /** Deletes a run; false when there was none. */
    remove(id: string): boolean {
      return remove.run(id).changes > 0;
    },
  };
}

let shared: RunStore | undefined;

/** The app's balance runs, on the same database file as the drafts and games (opened on first use). */
export function simulationRuns(): RunStore {
  shared ??= createRunStore(openDatabase(databaseFile()));
  return shared;
}

/** Closes the store (a server restart, as far as runs go). */
export function closeSimulationRuns(): void {
  shared?.db.close();
  shared = undefined;
}
