import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'rulesets');

/**
 * A throwaway copy of the fixture rulesets served as SANDTABLE_RULESETS, with an in-memory draft store.
 * Returns the root, removed after the test file.
 */
export function fixtureCopy(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-authoring-'));
  fs.cpSync(FIXTURES, root, { recursive: true });
  beforeAll(() => {
    process.env.SANDTABLE_RULESETS = root;
    process.env.SANDTABLE_DB = ':memory:';
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

/** Every file under a folder, relative, sorted: to show that a refused call wrote nothing. */
export function listFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
