// Which rulesets extend which, by their manifests as their workbenches read them: a manifest's latest draft,
// else its file. A variant whose `extends` is drafted and not yet published already depends on its base:
// deleting that base, or an erratum its patch sets rely on, would break what the designer is working on.
import type { RulesetSource } from '@/engine';
import { parseDocument } from '@/engine/json/document';
import { listRulesetIds } from '@/engine/load/fs-source';
import { MANIFEST } from '../engine/schema/kinds';

export interface Variant {
  id: string;
  /** Its manifest's title, else its id. */
  title: string;
  edition?: string;
  /** The ruleset it extends (`id` itself, or a variant of it). */
  extends: string;
}

/**
 * The rulesets under `root` that extend `id`, and those that extend them, in that order, each read from
 * `source` (an unreadable manifest extends nothing: its own workbench reports it).
 */
export function variantsOf(id: string, root: string, source: RulesetSource): Variant[] {
  const manifests = listRulesetIds(root).flatMap((other): Variant[] => {
    const read = source.read(other, MANIFEST);
    const value = read.kind === 'text' ? parseDocument(`${other}/${MANIFEST}`, read.text).document?.value : undefined;
    const m = (value ?? {}) as { extends?: unknown; title?: unknown; edition?: unknown };
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return typeof m.extends === 'string' ? [{ id: other, title: text(m.title) ?? other, ...(text(m.edition) ? { edition: text(m.edition) } : {}), extends: m.extends }] : [];
  });
  const found: Variant[] = [];
  const visit = (base: string) => {
    for (const v of manifests) if (v.extends === base && v.id !== id && !found.some((f) => f.id === v.id)) (found.push(v), visit(v.id));
  };
  visit(id);
  return found;
}
