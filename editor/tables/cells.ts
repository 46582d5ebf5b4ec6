// Table cells as the grid shows and edits them: a plain value (the table's provenance), a value with its own
// provenance, or an explicit gap; a cell the table lacks is shown as missing.
import { numeric } from '@/engine/game/values';
import { isRecord, type Rec } from '@/engine/json/record';

export const PROVENANCE_KINDS = ['rulebook', 'example', 'inference', 'provisional', 'bootstrap'] as const;
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];
/** What each kind of source says of a value, in a designer's words, for the forms that ask for one. */
export const PROVENANCE_MEANINGS: Record<ProvenanceKind, string> = {
  rulebook: 'the rulebook, or its publisher’s official errata, says so: cite the rule',
  example: 'read from a worked example in the rulebook',
  inference: 'reasoned from what the rules say, though they do not say it outright',
  provisional: 'the designer’s own value, from no source: a house rule, or a guess to make the draft playable',
  bootstrap: 'placed by the map bootstrap (npm run bootstrap-map) from real geography, not read from the rules: the grid fitted to the places the text locates, each hex’s sea, coast or land and country from Natural Earth',
};
/** What a gap is, in the same words: the library's key and the workbench's Gaps view say it. */
export const GAP_MEANING = 'values the rulebook should give and does not (a part the text lacks, the map or the counter sheet say, or a cell that cannot be read), each recorded with the rule that needs it rather than guessed';
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
  /** Why the value is what it is: a provisional value's reason, an inference's reasoning. */
  note: string;
  gap: boolean;
  gapText: string;
  /** The rule a gap refers to. */
  gapRule: string;
  /** A gap's report category, which the editor shows but does not edit. */
  category?: string;
  /**
   * What the cell holds besides the fields above, kept as it is through every edit: the other properties of
   * its gap (as `gapText` and `gapRule` are kept apart from the value's), of its value record, and of that
   * value's source. The schemas allow none today, but a cell that has one (a checks' finding) loses nothing.
   */
  kept?: { gap?: Rec; value?: Rec; source?: Rec };
}

type Gap = { gap: string; rule?: string; category?: string } & Rec;

/** The cell's JSON as a gap, when it is one: all of it. */
export function gapOf(cell: unknown): Gap | undefined {
  if (!isRecord(cell) || typeof cell.gap !== 'string') return undefined;
  return { ...cell, gap: cell.gap } as Gap;
}

/** A record without the keys the editor edits, or undefined when nothing else is left. */
function others(record: Rec, edited: readonly string[]): Rec | undefined {
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !edited.includes(k)));
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * The editor's fields for a cell. `earlier`: the gap the cell had before (in this session, or in its file), whose
 * text and fields "gap" brings back on a cell that is a value now.
 */
export function inputOf(cell: unknown, earlier?: Gap): CellInput {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const gap = gapOf(cell) ?? earlier;
  const keptGap = gap && others(gap, ['gap', 'rule', 'category']);
  const blank: CellInput = {
    value: '',
    kind: 'table',
    rule: '',
    quote: '',
    note: '',
    gap: false,
    gapText: gap?.gap ?? '',
    gapRule: typeof gap?.rule === 'string' ? gap.rule : '',
    ...(typeof gap?.category === 'string' ? { category: gap.category } : {}),
    ...(keptGap ? { kept: { gap: keptGap } } : {}),
  };
  if (typeof cell === 'number' || typeof cell === 'string') return { ...blank, value: String(cell) };
  if (!isRecord(cell)) return blank;
  // A gap filled is the designer's value, not the table's source's: provisional until a source says otherwise, citing
  // the rule the gap was under.
  if (gapOf(cell)) return { ...blank, gap: true, kind: 'provisional', rule: blank.gapRule };
  const source = isRecord(cell.source) ? cell.source : {};
  const kept = { ...blank.kept, value: others(cell, ['value', 'source']), source: others(source, ['kind', 'rule', 'quote', 'note']) };
  return { ...blank, value: String(cell.value ?? ''), kind: kindOf(source) ?? 'table', rule: text(source.rule), quote: text(source.quote), note: text(source.note), kept };
}

/**
 * The fields once the value box is typed into. Typing into a gap fills it, as unticking "gap" does: the gap's fields
 * are kept for "gap" to bring back, and the value takes the source unticking offers (a gap's cell: provisional, citing
 * the gap's rule), so a filled gap is never a value from nowhere.
 */
export const typedValue = (input: CellInput, value: string): CellInput => ({ ...input, value, gap: false });

/** A number when the text is one as the engine reads one ("3", "-1", "0.5", ".5"), else the text as a result code ("DR", "A1"). */
export function parseValue(text: string): number | string {
  const trimmed = text.trim();
  return numeric(trimmed) ?? trimmed;
}

/** The JSON for a cell, or an error message when the input cannot be one. */
export function cellFrom(input: CellInput): { cell: unknown } | { error: string } {
  if (input.gap) {
    const gap = input.gapText.trim();
    if (!gap) return { error: 'Say what is missing, e.g. “illegible in the printed chart”' };
    return { cell: { gap, ...(input.gapRule.trim() ? { rule: input.gapRule.trim() } : {}), ...(input.category ? { category: input.category } : {}), ...input.kept?.gap } };
  }
  if (!input.value.trim()) return { error: 'Enter a value, or mark the cell as a gap' };
  const value = parseValue(input.value);
  // A plain value has no room for what a value record held besides its value and source: it stays a record then.
  const { value: keptValue, source: keptSource } = input.kept ?? {};
  if (input.kind === 'table' && !keptValue) return { cell: value };
  const given = (key: 'rule' | 'quote' | 'note') => (input[key].trim() ? { [key]: input[key].trim() } : {});
  const source = input.kind === 'table' ? {} : { source: { kind: input.kind, ...given('rule'), ...given('quote'), ...given('note'), ...keptSource } };
  return { cell: { value, ...source, ...keptValue } };
}
