// Where ruleset files come from: the folder on disk, or drafts layered over it.
export type ReadResult = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'too-large'; bytes: number } | { kind: 'refused'; reason: string };

export interface RulesetSource {
  /** Reads `path` (relative, e.g. "units.json") of ruleset `id`. */
  read(id: string, path: string): ReadResult;
}

const ID = /^[a-z0-9][a-z0-9_.-]*$/;
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** Why a ruleset id or document path is not acceptable, or undefined when it is. */
export function checkPath(id: string, path: string): string | undefined {
  if (!ID.test(id) || id.includes('..')) return `"${id}" is not a ruleset id: a ruleset's folder is named by its id, of lower-case letters, digits, "-", "_" and "." (starting with a letter or digit)`;
  const segments = path.split('/');
  if (path.startsWith('/') || segments.some((s) => s === '.' || s === '..')) return `"${path}" is not a path inside the ruleset folder`;
  if (segments.some((s) => !SEGMENT.test(s))) return `"${path}" may hold only letters, digits, "-", "_", "." and "/" (no spaces)`;
  return undefined;
}

/** A source whose drafts (keyed "id/path") take the place of the files beneath. */
export function overlaySource(base: RulesetSource, drafts: ReadonlyMap<string, string>): RulesetSource {
  return {
    read(id, path) {
      const draft = drafts.get(`${id}/${path}`);
      return draft === undefined ? base.read(id, path) : { kind: 'text', text: draft };
    },
  };
}
