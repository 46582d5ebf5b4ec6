import fs from 'node:fs';
import path from 'node:path';
import { completeness, loadRuleset, type Tally } from '../engine';
import { sweepAside } from './aside';
import { fsSource, listRulesetIds } from '../engine/load/fs-source';
import { displayPath, resolveRulesetPath, RULESET_ID_PATTERN, rulesetsRoot } from './paths';
import { MANIFEST } from '../engine/schema/kinds';

export interface RulesetSummary {
  id: string;
  title: string;
  edition?: string;
  source?: { title: string; version?: string; date?: string; publisher?: string };
  extends?: string;
  /** Set when the manifest itself is unusable or wrong; names the file, line and problem. */
  error?: string;
  /** Diagnostics of the whole resolved ruleset. */
  errors: number;
  warnings: number;
  /** Values by provenance and gaps, when the ruleset resolves. */
  completeness?: Tally;
}

/**
 * Every folder under the rulesets root that holds a ruleset.json, each variant right after its base. What
 * removals left aside is swept first: listing is what every visit to the library does.
 */
export function listRulesets(root = rulesetsRoot()): RulesetSummary[] {
  if (!fs.existsSync(root)) {
    throw new Error(`Rulesets folder ${displayPath(root)} does not exist (see SANDTABLE_RULESETS)`);
  }
  sweepAside(root);
  const source = fsSource(root);
  const summaries = listRulesetIds(root).map((id) => summarize(root, source, id));
  return orderByExtends(summaries, (id) => displayPath(path.join(root, id, MANIFEST)));
}

export function rulesetExists(id: string, root = rulesetsRoot()): boolean {
  return fs.existsSync(resolveRulesetPath(id, MANIFEST, root));
}

/** Whether a page's id (which may hold anything: `../x`) names a ruleset here. */
export const rulesetAt = (id: string): boolean => RULESET_ID_PATTERN.test(id) && rulesetExists(id);

/** Loads the ruleset with the engine, so the library shows exactly what validate reports. */
function summarize(root: string, source: ReturnType<typeof fsSource>, id: string): RulesetSummary {
  const loaded = loadRuleset(source, id);
  const r = loaded.ruleset;
  // Where the ruleset does not resolve (its base missing, or of a newer format), what its manifest says of itself.
  const m = (r ?? loaded.documents.get(`${id}/${MANIFEST}`)?.value) as Partial<Record<'title' | 'edition' | 'extends' | 'source', unknown>> | undefined;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const rulebook = m?.source as RulesetSummary['source'] | undefined;
  const count = (severity: string) => loaded.diagnostics.filter((d) => d.severity === severity).length;
  const manifestError = loaded.diagnostics.find((d) => d.severity === 'error' && d.document === `${id}/${MANIFEST}`);
  return {
    id,
    title: text(m?.title) ?? id,
    edition: text(m?.edition),
    source: typeof rulebook?.title === 'string' ? rulebook : undefined,
    extends: text(m?.extends),
    error: manifestError && `${displayPath(path.join(root, manifestError.document))}:${manifestError.line}:${manifestError.column}: ${manifestError.message}`,
    errors: count('error'),
    warnings: count('warning'),
    completeness: r ? completeness(r).total : undefined,
  };
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
