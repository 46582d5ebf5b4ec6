// Table cells as the grid shows and edits them: a plain value (the table's provenance), a value with its own
// provenance, or an explicit gap; a cell the table lacks is shown as missing.
import { isRecord } from '@/engine/json/record';

export const PROVENANCE_KINDS = ['rulebook', 'example', 'inference', 'provisional', 'bootstrap'] as const;
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];
export type CellProvenance = ProvenanceKind | 'gap' | 'missing' | 'unmarked';

const kindOf = (source: unknown): ProvenanceKind | undefined =>
  isRecord(source) && (PROVENANCE_KINDS as readonly unknown[]).includes(source.kind) ? (source.kind as ProvenanceKind) : undefined;

export interface CellView {
  text: string;
  provenance: CellProvenance;
  /** The cell carries its own source rather than the table's. */
  own: boolean;
  /** Where the value came from, or what is missing, for a tooltip. */
  detail: string;
}

function describeSource(source: unknown): string {
  if (!isRecord(source)) return '';
  return [source.kind, source.rule && `rule ${source.rule}`, source.quote && `“${source.quote}”`, source.note].filter(Boolean).join(' · ');
}

export function cellView(cell: unknown, tableSource: unknown): CellView {
  if (cell === undefined) return { text: '—', provenance: 'missing', own: false, detail: 'No cell: add a value or mark it as a gap' };
  if (typeof cell === 'number' || typeof cell === 'string') {
    const kind = kindOf(tableSource);
    return { text: String(cell), provenance: kind ?? 'unmarked', own: false, detail: kind ? `as the table: ${describeSource(tableSource)}` : 'no source' };
  }
  if (isRecord(cell) && typeof cell.gap === 'string') {
    return { text: 'gap', provenance: 'gap', own: true, detail: `gap: ${cell.gap}${cell.rule ? ` (rule ${cell.rule})` : ''}` };
  }
  if (isRecord(cell) && 'value' in cell) {
    const kind = kindOf(cell.source);
    return { text: String(cell.value), provenance: kind ?? 'unmarked', own: true, detail: describeSource(cell.source) || 'no source' };
  }
  return { text: '?', provenance: 'unmarked', own: true, detail: 'not a cell the schema allows' };
}

/**
 * The cell editor's fields. `kind: 'table'` means a plain value that takes the table's provenance. A value's fields
 * and a gap's are kept apart, so ticking "gap" on and off drops neither.
 */
export interface CellInput {
  value: string;
  kind: 'table' | ProvenanceKind;
  /** The rule the value's own source cites. */
  rule: string;
  /** The rulebook's words the value is taken from. */
  quote: string;
  note: string;
  gap: boolean;
  gapText: string;
  /** The rule a gap refers to. */
  gapRule: string;
  /** A gap's report category, which the editor shows but does not edit. */
  category?: string;
}

type Gap = { gap: string; rule?: string; category?: string };

/** The cell's JSON as a gap, when it is one. */
export function gapOf(cell: unknown): Gap | undefined {
  if (!isRecord(cell) || typeof cell.gap !== 'string') return undefined;
  return { gap: cell.gap, ...(typeof cell.rule === 'string' ? { rule: cell.rule } : {}), ...(typeof cell.category === 'string' ? { category: cell.category } : {}) };
}

/**
 * The editor's fields for a cell. `earlier`: the gap the cell had before (in this session, or in its file), whose
 * text and fields "gap" brings back on a cell that is a value now.
 */
export function inputOf(cell: unknown, earlier?: Gap): CellInput {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const gap = gapOf(cell) ?? earlier;
  const blank: CellInput = { value: '', kind: 'table', rule: '', quote: '', note: '', gap: false, gapText: gap?.gap ?? '', gapRule: gap?.rule ?? '', ...(gap?.category ? { category: gap.category } : {}) };
  if (typeof cell === 'number' || typeof cell === 'string') return { ...blank, value: String(cell) };
  if (!isRecord(cell)) return blank;
  if (gapOf(cell)) return { ...blank, gap: true };
  const source = isRecord(cell.source) ? cell.source : {};
  return { ...blank, value: String(cell.value ?? ''), kind: kindOf(source) ?? 'table', rule: text(source.rule), quote: text(source.quote), note: text(source.note) };
}

/** A number when the text is one ("3", "-1", "0.5"), else the text as a result code ("DR", "A1"). */
export function parseValue(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The JSON for a cell, or an error message when the input cannot be one. */
export function cellFrom(input: CellInput): { cell: unknown } | { error: string } {
  if (input.gap) {
    const gap = input.gapText.trim();
    if (!gap) return { error: 'Say what is missing, e.g. “illegible in the printed chart”' };
    return { cell: { gap, ...(input.gapRule.trim() ? { rule: input.gapRule.trim() } : {}), ...(input.category ? { category: input.category } : {}) } };
  }
  if (!input.value.trim()) return { error: 'Enter a value, or mark the cell as a gap' };
  const value = parseValue(input.value);
  if (input.kind === 'table') return { cell: value };
  const given = (key: 'rule' | 'quote' | 'note') => (input[key].trim() ? { [key]: input[key].trim() } : {});
  return { cell: { value, source: { kind: input.kind, ...given('rule'), ...given('quote'), ...given('note') } } };
}
