import fs from 'node:fs';
import path from 'node:path';

import { RULESET_ID_FORM, RULESET_ID_PATTERN } from '../engine/schema/id';

export { RULESET_ID_PATTERN };

/** A ruleset id or document path that is malformed or would reach outside the rulesets root. */
export class PathError extends Error {
  override name = 'PathError';
}

/** The server always runs from the project folder (`next start`, vitest, `bin/`), so cwd is the project. */
export function projectRoot(): string {
  return process.cwd();
}

// Rulesets are data read at run time, not code: the `turbopackIgnore` comments below stop Next's
// build from tracing these dynamic paths and bundling the whole project into its server output.
export function rulesetsRoot(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.SANDTABLE_RULESETS ?? path.join(projectRoot(), 'rulesets'));
}

function assertRulesetId(id: string): void {
  if (!RULESET_ID_PATTERN.test(id)) {
    throw new PathError(
      `Invalid ruleset id ${JSON.stringify(id)}: use ${RULESET_ID_FORM}`,
    );
  }
}

/**
 * Checks a document path relative to its ruleset folder and returns it in one canonical
 * form (forward slashes, no `.` segments), so the same document always has the same key.
 */
export function normalizeDocPath(docPath: string): string {
  const fail = (why: string) => new PathError(`Invalid document path ${JSON.stringify(docPath)}: ${why}`);
  if (docPath.includes('\0')) throw fail('contains a NUL character');
  if (docPath.includes('\\')) throw fail('use forward slashes');
  const absolute = path.posix.isAbsolute(docPath) || /^[a-zA-Z]:/.test(docPath); // a Windows drive counts too
  if (absolute) throw fail('must be relative to the ruleset folder');
  const segments = docPath.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw fail('must not contain ".."');
  if (segments.length === 0) throw fail('is empty');
  return segments.join('/');
}

/**
 * Absolute path of a ruleset folder, or of a document inside it. Throws a PathError for a bad id,
 * a path trick, or a symlink that leads outside the rulesets root.
 */
export function resolveRulesetPath(id: string, docPath?: string, root = rulesetsRoot()): string {
  assertRulesetId(id);
  const segments = [id, ...(docPath === undefined ? [] : normalizeDocPath(docPath).split('/'))];
  if (fs.existsSync(root)) assertNoLinkEscapes(root, segments);
  return path.join(/*turbopackIgnore: true*/ root, ...segments);
}

/** The segments are already free of `..`, so only a symlink on the way could lead out of the root. */
function assertNoLinkEscapes(root: string, segments: string[]): void {
  const realRoot = fs.realpathSync(/*turbopackIgnore: true*/ root);
  let current = root;
  for (const segment of segments) {
    current = path.join(/*turbopackIgnore: true*/ current, segment);
    const stat = fs.lstatSync(/*turbopackIgnore: true*/ current, { throwIfNoEntry: false });
    if (stat === undefined) return; // the rest does not exist yet: no link to follow
    if (!stat.isSymbolicLink()) continue;
    const real = fs.existsSync(current) ? fs.realpathSync(/*turbopackIgnore: true*/ current) : undefined;
    if (real === undefined || !isInside(realRoot, real)) {
      throw new PathError(
        `${displayPath(current)} is a link that leads outside the rulesets root ${displayPath(root)}`,
      );
    }
  }
}

/** A path as a person wants to read it in a message: relative to the project when inside it. */
export function displayPath(absolute: string): string {
  const relative = path.relative(projectRoot(), absolute);
  return relative !== '' && isInside(projectRoot(), absolute) ? relative : absolute;
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
