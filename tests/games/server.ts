// The studio's server through a caller, on a temp database and the real rulesets folder (read only):
// the environment is set before the server's modules load, and the database is closed and removed after
// the test file's tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export async function serverForTests() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-games-'));
  process.env.SANDTABLE_DB = path.join(dir, 'games.db');
  process.env.SANDTABLE_RULESETS = path.resolve('rulesets');
  const { appRouter } = await import('@/server/router');
  const { closeGames } = await import('@/server/games');
  const { closeSimulationRuns } = await import('@/server/simulation-runs');
  afterAll(() => {
    closeGames();
    closeSimulationRuns();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => appRouter.createCaller({});
}
