import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'rulesets');

/** A throwaway copy of a fixture ruleset (removed after the test file), for tests that write into it. */
export function copyFixture(id: string): { root: string; dir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-map-'));
  fs.cpSync(path.join(FIXTURES, id), path.join(root, id), { recursive: true });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  return { root, dir: path.join(root, id) };
}
