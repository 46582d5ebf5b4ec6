// The `$schema` of a file the studio writes: where an editor opening the file finds its schema.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './paths';

/** A path with its links resolved as far as it exists (a ruleset folder about to be written does not yet). */
function real(p: string): string {
  const rest: string[] = [];
  let at = path.resolve(/*turbopackIgnore: true*/ p);
  while (!fs.existsSync(/*turbopackIgnore: true*/ at) && path.dirname(at) !== at) {
    rest.unshift(path.basename(at));
    at = path.dirname(at);
  }
  return path.join(/*turbopackIgnore: true*/ fs.realpathSync(/*turbopackIgnore: true*/ at), ...rest);
}

/**
 * The schemas folder as a file in `dir` names it. Inside the project (the bundled rulesets, the test fixtures):
 * relative, as the bundled rulesets have it ("../../schemas"), which moves with the project. Elsewhere: the
 * folder's file: URL, since a relative path climbing out to the app holds only while neither folder moves and
 * no link stands on the way (`..` leaves a link's target, not the link). Real paths either way, so a served
 * folder reached through a link is still known for the bundled one. Monaco in the workbench takes both: it
 * finds a schema by its file name.
 */
export function schemasFolder(dir: string): string {
  const project = real(projectRoot());
  const schemas = path.join(project, 'schemas');
  const from = real(dir);
  const relative = path.relative(project, from);
  const inside = relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
  return inside ? path.relative(from, schemas).split(path.sep).join('/') : pathToFileURL(schemas).href;
}

/** The `$schema` a new file of `kind` in `dir` carries. */
export const schemaRef = (dir: string, kind: string) => `${schemasFolder(dir)}/${kind}.schema.json`;
