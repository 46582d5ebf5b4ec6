// What a removal moves aside before deleting it (a ruleset's folder, an erratum's file): a hidden name in the
// rulesets root, which the library never lists. Deleting it is the removal's last step, taken once the removal
// is done: should it fail, the removal still stands, and what was left is swept when the library next lists
// the rulesets.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { displayPath, rulesetsRoot } from './paths';

const PREFIX = '.deleting-';

/** A fresh hidden name in the rulesets root for something of ruleset `id` on its way out. */
export const asidePath = (id: string, root = rulesetsRoot()) => path.join(root, `${PREFIX}${id}-${randomUUID()}`);

/** Deletes what was moved aside; a failure is logged rather than thrown, the sweep trying again later. */
export function deleteAside(aside: string): void {
  try {
    fs.rmSync(aside, { recursive: true, force: true });
  } catch (e) {
    console.error(`Could not delete ${displayPath(aside)}, moved aside by a removal (it is tried again when the library lists the rulesets): ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Deletes what earlier removals left aside. A removal runs from start to end without yielding (the procedures
 * are synchronous), so in this server none is midway while the sweep runs.
 */
export function sweepAside(root = rulesetsRoot()): void {
  for (const name of fs.readdirSync(root)) if (name.startsWith(PREFIX)) deleteAside(path.join(root, name));
}
