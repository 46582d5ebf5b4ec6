// The one place the engine reads the file system: ruleset files under a root folder.
import { readFileSync, statSync, readdirSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { MAX_DOCUMENT_CHARS, withoutBom } from '../json/document';
import { MANIFEST } from '../schema/kinds';
import { checkPath, type RulesetSource } from './source';

export function fsSource(root: string): RulesetSource {
  const realRoot = realpathSync(root);
  return {
    read(id, path) {
      const refused = checkPath(id, path);
      if (refused) return { kind: 'refused', reason: refused };
      const file = join(realRoot, id, path);
      let real: string;
      try {
        real = realpathSync(file);
      } catch {
        return { kind: 'missing' };
      }
      // A symbolic link must not lead outside the rulesets folder.
      if (!real.startsWith(realRoot + sep)) return { kind: 'refused', reason: `"${id}/${path}" leads outside the rulesets folder` };
      const { size, isFile } = statOf(real);
      if (!isFile) return { kind: 'missing' };
      if (size > MAX_DOCUMENT_CHARS) return { kind: 'too-large', bytes: size };
      return { kind: 'text', text: withoutBom(readFileSync(real, 'utf8')) };
    },
  };
}

function statOf(file: string) {
  const s = statSync(file);
  return { size: s.size, isFile: s.isFile() };
}

/** Ids of the rulesets under a root: folders holding a manifest (ruleset.json), but hidden ones (a ruleset on its way in or out). */
export function listRulesetIds(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && statSafe(join(root, e.name, MANIFEST)))
    .map((e) => e.name)
    .sort();
}

function statSafe(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
