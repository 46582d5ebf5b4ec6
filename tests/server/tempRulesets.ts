import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A throwaway rulesets root holding one folder per entry: an object is written as ruleset.json,
 * a string is written verbatim (for broken JSON). Removed after the test file.
 */
export function tempRulesets(manifests: Record<string, object | string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-rulesets-'));
  for (const [folder, manifest] of Object.entries(manifests)) {
    fs.mkdirSync(path.join(root, folder));
    const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest, null, 2);
    fs.writeFileSync(path.join(root, folder, 'ruleset.json'), text);
  }
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}
