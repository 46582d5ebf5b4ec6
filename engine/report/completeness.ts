// The completeness report: how many values come from each kind of source, and every gap, by category.
import type { ProvenanceKind, ResolvedRuleset } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { patchedKinds } from '../load/patched';
import { isRecord, type Rec } from '../json/record';

export const CATEGORIES = ['ruleset', 'mechanics', 'map', 'units', 'tables', 'setup', 'sequence', 'victory', 'special-rules', 'facts'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Tally = Record<ProvenanceKind | 'gap' | 'unmarked', number>;

const CATEGORY_OF: Record<string, Category> = {
  mechanics: 'mechanics', map: 'map', unitTypes: 'units', roster: 'units', tables: 'tables', scenarios: 'setup',
  sequence: 'sequence', victory: 'victory', triggers: 'special-rules', specialRules: 'special-rules',
  constants: 'special-rules', conflicts: 'special-rules', facts: 'facts',
};

export interface GapEntry {
  category: Category;
  pointer: string;
  gap: string;
  rule?: string;
}

/** A value counted as provisional: `patched` when a patch set wrote it, `note` its source's where it has one of its own. */
export interface ProvisionalEntry {
  pointer: string;
  note?: string;
  patched: boolean;
}

export interface CompletenessReport {
  byCategory: Record<Category, Tally>;
  total: Tally;
  gaps: GapEntry[];
  /** The provisional values that say so themselves or were written by a patch set (not each plain cell of a provisional table). */
  provisional: ProvisionalEntry[];
}

/** Collections whose entries are records that ought to say where they came from. */
const RECORD_COLLECTIONS = new Set([
  '/sides', '/powers', '/unitTypes', '/roster', '/tables', '/scenarios', '/triggers', '/specialRules', '/constants',
  '/map/terrain', '/map/features', '/map/countries', '/map/hexes', '/map/areas', '/map/places', '/map/boxes',
]);

const emptyTally = (): Tally => ({ rulebook: 0, example: 0, inference: 0, provisional: 0, bootstrap: 0, gap: 0, unmarked: 0 });
const kindOf = (v: unknown): ProvenanceKind | undefined => (isRecord(v) && typeof v.kind === 'string' ? (v.kind as ProvenanceKind) : undefined);
const noteOf = (v: unknown): { note?: string } => (isRecord(v) && typeof v.note === 'string' ? { note: v.note } : {});

/**
 * Counts values: every record carrying a `source`, every cited number or cell `{value, source}`, and every
 * table cell (a plain cell counts as its table's source). An entry of a collection (a unit type, a hex, a
 * place...) with no source of its own or around it counts as unmarked. Gaps are `{gap}` objects, listed one by one.
 * Values written by a patch set without their own source count as the patch set's kind.
 */
export function completeness(ruleset: ResolvedRuleset): CompletenessReport {
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, emptyTally()])) as Record<Category, Tally>;
  const gaps: GapEntry[] = [];
  const provisional: ProvisionalEntry[] = [];
  const patchKind = patchedKinds(ruleset.patched);

  const visit = (node: unknown, pointer: string, category: Category, inherited: ProvenanceKind | undefined, inCells: boolean) => {
    if (Array.isArray(node)) return node.forEach((x, i) => visit(x, joinPointer(pointer, i), category, inherited, false));
    if (!isRecord(node)) {
      if (!inCells) return;
      const patched = patchKind(pointer);
      byCategory[category][patched ?? inherited ?? 'unmarked']++;
      if (patched === 'provisional') provisional.push({ pointer, patched: true });
      return;
    }
    if (typeof node.gap === 'string') {
      const cat = (typeof node.category === 'string' ? node.category : category) as Category;
      byCategory[cat in byCategory ? cat : category].gap++;
      gaps.push({ category: cat in byCategory ? cat : category, pointer, gap: node.gap, rule: typeof node.rule === 'string' ? node.rule : undefined });
      return;
    }
    const own = kindOf(node.source) ?? patchKind(pointer);
    if (own && (kindOf(node.source) || !inherited)) {
      byCategory[category][own]++;
      if (own === 'provisional') provisional.push({ pointer, ...noteOf(node.source), patched: patchKind(pointer) !== undefined });
    } else if (!own && !inherited && RECORD_COLLECTIONS.has(pointer.slice(0, pointer.lastIndexOf('/')))) byCategory[category].unmarked++;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'source') continue;
      const childPointer = joinPointer(pointer, key);
      if (key === 'cells' && pointer.startsWith('/tables/')) {
        for (const [rowKey, row] of Object.entries(isRecord(value) ? value : {})) {
          for (const [colKey, cell] of Object.entries(isRecord(row) ? row : {})) {
            visit(cell, joinPointer(childPointer, rowKey, colKey), category, own ?? inherited, true);
          }
        }
        continue;
      }
      visit(value, childPointer, category, own ?? inherited, false);
    }
  };

  for (const [key, value] of Object.entries(ruleset as unknown as Rec)) {
    if (key === 'patched') continue;
    visit(value, '/' + key, CATEGORY_OF[key] ?? 'ruleset', undefined, false);
  }
  const total = emptyTally();
  for (const tally of Object.values(byCategory)) for (const k of Object.keys(total) as (keyof Tally)[]) total[k] += tally[k];
  return { byCategory, total, gaps, provisional };
}

/** Gaps a bot would meet and cannot adjudicate: missing values (not notes about them) in tables, unit types and mechanics. */
export const botBlockingGaps = (report: CompletenessReport): GapEntry[] =>
  report.gaps.filter((g) => ['tables', 'units', 'mechanics'].includes(g.category) && !/\/gaps\/\d+$/.test(g.pointer));
