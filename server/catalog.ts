import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describeIssues } from './issues';
import { RULESET_ID_PATTERN, displayPath, resolveRulesetPath, rulesetsRoot } from './paths';

/** Only the manifest fields the library shows; anything else in ruleset.json is the engine's business. */
const manifestSummary = z.object({
  id: z.string().regex(RULESET_ID_PATTERN, 'must be lowercase letters, digits and hyphens'),
  title: z.string().min(1),
  edition: z.string().optional(),
  source: z
    .object({
      title: z.string().min(1),
      version: z.string().optional(),
      date: z.string().optional(),
      publisher: z.string().optional(),
    })
    .optional(),
  extends: z.string().regex(RULESET_ID_PATTERN, 'must be the id of another ruleset').optional(),
});

export type RulesetSource = NonNullable<z.infer<typeof manifestSummary>['source']>;

export interface RulesetSummary {
  id: string;
  title: string;
  edition?: string;
  source?: RulesetSource;
  extends?: string;
  /** Set when the manifest cannot be read or used; names the file and the problem. */
  error?: string;
}

const MANIFEST = 'ruleset.json';

/** Every folder under the rulesets root that holds a ruleset.json, each variant right after its base. */
export function listRulesets(root = rulesetsRoot()): RulesetSummary[] {
  if (!fs.existsSync(root)) {
    throw new Error(`Rulesets folder ${displayPath(root)} does not exist (see SANDTABLE_RULESETS)`);
  }
  const summaries = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, MANIFEST)))
    .map((entry) => readSummary(root, entry.name));
  return orderByExtends(summaries, (id) => displayPath(path.join(root, id, MANIFEST)));
}

export function rulesetExists(id: string, root = rulesetsRoot()): boolean {
  return fs.existsSync(resolveRulesetPath(id, MANIFEST, root));
}

function readSummary(root: string, folder: string): RulesetSummary {
  const file = path.join(root, folder, MANIFEST);
  const broken = (problem: string): RulesetSummary => ({
    id: folder,
    title: folder,
    error: `${displayPath(file)}: ${problem}`,
  });
  if (!RULESET_ID_PATTERN.test(folder)) return broken(`folder name "${folder}" is not a valid ruleset id`);

  const text = fs.readFileSync(file, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return broken(describeJsonError(text, err as SyntaxError));
  }
  const parsed = manifestSummary.safeParse(json);
  if (!parsed.success) {
    return broken(describeIssues(parsed.error.issues, 'manifest'));
  }
  const { id, title, edition, source } = parsed.data;
  if (id !== folder) return broken(`id "${id}" does not match its folder name "${folder}"`);
  return { id, title, edition, source, extends: parsed.data.extends };
}

/** JSON.parse only gives an offset; a line and column is what a person can find in an editor. */
function describeJsonError(text: string, err: SyntaxError): string {
  const offset = /at position (\d+)/.exec(err.message)?.[1];
  if (offset === undefined) return `invalid JSON: ${err.message}`;
  const before = text.slice(0, Number(offset)).split('\n');
  return `invalid JSON at line ${before.length}, column ${before[before.length - 1].length + 1}: ${err.message.replace(/ in JSON at position \d+.*$/, '')}`;
}

/**
 * Bases sorted by title, each followed depth-first by its variants. A variant whose base is
 * missing, or that takes part in an `extends` cycle, is listed at the top level with an error.
 */
function orderByExtends(summaries: RulesetSummary[], manifestOf: (id: string) => string): RulesetSummary[] {
  const byTitle = (a: RulesetSummary, b: RulesetSummary) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
  const ids = new Set(summaries.map((s) => s.id));
  const variantsOf = new Map<string, RulesetSummary[]>();
  const roots: RulesetSummary[] = [];
  for (const summary of summaries) {
    if (summary.extends === undefined) {
      roots.push(summary);
    } else if (!ids.has(summary.extends)) {
      const error = `${manifestOf(summary.id)}: extends "${summary.extends}", which is not in the library`;
      roots.push({ ...summary, error });
    } else {
      variantsOf.set(summary.extends, [...(variantsOf.get(summary.extends) ?? []), summary]);
    }
  }

  const ordered: RulesetSummary[] = [];
  const visit = (summary: RulesetSummary) => {
    ordered.push(summary);
    (variantsOf.get(summary.id) ?? []).sort(byTitle).forEach(visit);
  };
  roots.sort(byTitle).forEach(visit);

  const placed = new Set(ordered.map((s) => s.id));
  const cyclic = summaries.filter((s) => !placed.has(s.id)).sort(byTitle);
  return [
    ...ordered,
    ...cyclic.map((s) => ({
      ...s,
      error: `${manifestOf(s.id)}: extends "${s.extends}", which never reaches a base ruleset (an extends cycle)`,
    })),
  ];
}
