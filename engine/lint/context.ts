// What the lint rules look things up in: the ids each part of the ruleset declares, read defensively
// because a ruleset with schema errors is still linted.
import type { Finding, Severity } from '../diagnostics';
import type { ResolvedRuleset } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { closest } from '../schema/errors';
import { counted } from '../words';
import { isRecord, type Rec } from '../json/record';

export const entries = (v: unknown): [string, Rec][] =>
  isRecord(v) ? (Object.entries(v).filter(([, x]) => isRecord(x)) as [string, Rec][]) : [];
export const items = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRecord) : []);
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const keys = (v: unknown) => new Set(isRecord(v) ? Object.keys(v) : []);

export class LintContext {
  readonly findings: Finding[] = [];
  readonly r: Rec;
  readonly sides: Set<string>;
  readonly powers: Set<string>;
  readonly statuses: Set<string>;
  readonly relationStates: Set<string>;
  readonly resources: Set<string>;
  readonly tracks: Set<string>;
  readonly flags: Set<string>;
  readonly unitTypes: Set<string>;
  readonly roster: Set<string>;
  /** The factors some unit type or roster unit prints. */
  readonly factors: Set<string>;
  readonly tables: Set<string>;
  readonly constants: Set<string>;
  readonly combats: Set<string>;
  readonly map: Rec;
  readonly terrain: Set<string>;
  readonly features: Set<string>;
  readonly countries: Set<string>;
  readonly areas: Set<string>;
  readonly places: Set<string>;
  readonly boxes: Set<string>;
  readonly hexes: Set<string>;
  /** Ids of every phase and step of the sequence. */
  readonly steps: Set<string>;

  constructor(ruleset: ResolvedRuleset) {
    const r = ruleset as unknown as Rec;
    this.r = r;
    this.sides = keys(r.sides);
    this.powers = keys(r.powers);
    this.statuses = keys(r.statuses);
    this.relationStates = keys(r.relationStates);
    this.resources = keys(r.resources);
    this.tracks = keys(r.tracks);
    this.flags = keys(r.flags);
    this.unitTypes = keys(r.unitTypes);
    this.roster = keys(r.roster);
    this.factors = new Set([...entries(r.unitTypes), ...entries(r.roster)].flatMap(([, u]) => [...keys(u.factors)]));
    this.tables = keys(r.tables);
    this.constants = keys(r.constants);
    this.combats = keys(isRecord(r.mechanics) ? r.mechanics.combat : undefined);
    this.map = isRecord(r.map) ? r.map : {};
    this.terrain = keys(this.map.terrain);
    this.features = keys(this.map.features);
    this.countries = keys(this.map.countries);
    this.areas = keys(this.map.areas);
    this.places = keys(this.map.places);
    this.boxes = keys(this.map.boxes);
    this.hexes = keys(this.map.hexes);
    const sequence = isRecord(r.sequence) ? r.sequence : {};
    this.steps = new Set(
      items(sequence.phases).flatMap((p) => [p.id, ...items(p.steps).map((s) => s.id)]).filter((x): x is string => typeof x === 'string'),
    );
  }

  /** Findings of one cause, each kept at its first place with a count of the rest (see `once`). */
  private readonly grouped = new Map<unknown, { finding: Finding; more: (others: readonly string[]) => string; others: string[] }>();
  private readonly collections = new Map<object, number>();

  /** A key for `once` of one collection (by identity: a conflict's readings are its own) and one kind of finding. */
  private keyOf(collection: object, kind: string): string {
    if (!this.collections.has(collection)) this.collections.set(collection, this.collections.size);
    return `${this.collections.get(collection)}|${kind}`;
  }

  add(pointer: string, severity: Severity, code: string, message: string) {
    this.findings.push({ pointer, severity, code, message });
  }

  /**
   * Reports a finding once for its cause (`key`), at its first place, counting the others: a collection
   * that is absent altogether (a document that did not load, a misspelt key) would otherwise list every
   * reference to it, burying the error that explains them.
   */
  once(key: unknown, pointer: string, code: string, message: string, more: (others: readonly string[]) => string) {
    const g = this.grouped.get(key);
    if (g) return void g.others.push(pointer);
    const finding: Finding = { pointer, severity: 'error', code, message };
    this.grouped.set(key, { finding, more, others: [] });
    this.findings.push(finding);
  }

  /** The findings, those reported once saying how many others they stand for. */
  settled(): Finding[] {
    for (const { finding, more, others } of this.grouped.values()) if (others.length) finding.message += more(others);
    return this.findings;
  }

  /** Reports a reference to an id that the named collection does not declare. */
  ref(pointer: string, value: unknown, collection: Set<string>, what: string, code = 'dangling-ref') {
    if (typeof value !== 'string' || collection.has(value)) return;
    if (collection.size === 0) this.once(this.keyOf(collection, `${what}|${code}`), pointer, code, `unknown ${what} "${value}" (none is declared)`, moreReferences);
    else this.add(pointer, 'error', code, `unknown ${what} "${value}"${suggest(value, collection)}`);
  }

  refs(pointer: string, values: unknown, collection: Set<string>, what: string, code = 'dangling-ref') {
    strings(values).forEach((v, i) => this.ref(joinPointer(pointer, i), v, collection, what, code));
  }

  /** A side or a power. */
  party(pointer: string, value: unknown, code = 'dangling-ref') {
    if (typeof value !== 'string' || this.sides.has(value) || this.powers.has(value)) return;
    const parties = new Set([...this.sides, ...this.powers]);
    if (parties.size === 0) this.once(`party|${code}`, pointer, code, `unknown side or power "${value}" (none is declared)`, moreReferences);
    else this.add(pointer, 'error', code, `unknown side or power "${value}"${suggest(value, parties)}`);
  }
}

/** The other references one finding stands for, by where they are (the first few). */
const SHOWN_REFERENCES = 5;
const moreReferences = (others: readonly string[]) =>
  `; ${counted(others.length, 'more such reference')}, at ${others.slice(0, SHOWN_REFERENCES).join(', ')}${others.length > SHOWN_REFERENCES ? ` and ${others.length - SHOWN_REFERENCES} more` : ''}`;

/** What to say after an unknown id: "; did you mean …?", naming the known ones nearest it, or else the known ones where they are few; empty otherwise. */
export function suggest(value: string, known: Set<string>): string {
  const lower = value.toLowerCase();
  // Those containing it or contained in it ("armor" for "1st-armor"), else the nearest by spelling (a typo).
  const containing: string[] = [];
  for (const k of known) if ((k.includes(lower) || lower.includes(k)) && containing.push(k) === 3) break;
  const typo = containing.length ? undefined : closest(value, known);
  const near = containing.length ? containing : typo ? [typo] : [];
  if (near.length) return `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`;
  // Nothing like it: where the choice is short, the whole of it.
  return known.size <= SHORT_LIST ? `; known: ${[...known].map((k) => `"${k}"`).join(', ')}` : '';
}

/** How many known values a reference to an unknown one lists in full. */
const SHORT_LIST = 8;

/** Splits a hex number into column and row by the grid's digit counts. */
export function hexColRow(hex: string, grid: Rec): { col: number; row: number } | undefined {
  const cd = typeof grid.columnDigits === 'number' ? grid.columnDigits : undefined;
  const rd = typeof grid.rowDigits === 'number' ? grid.rowDigits : undefined;
  if (!cd || !rd || hex.length !== cd + rd || !/^\d+$/.test(hex)) return undefined;
  return { col: Number(hex.slice(0, cd)), row: Number(hex.slice(cd)) };
}

export function checkHex(ctx: LintContext, pointer: string, value: unknown) {
  if (typeof value !== 'string' || ctx.hexes.has(value)) return;
  const grid = isRecord(ctx.map.grid) ? ctx.map.grid : undefined;
  if (!grid) {
    if (ctx.map.kind === 'area') ctx.add(pointer, 'error', 'dangling-ref', `hex "${value}" on an area map`);
    return;
  }
  const at = hexColRow(value, grid);
  if (!at) {
    ctx.add(pointer, 'error', 'dangling-ref', `"${value}" is not a hex number of this grid (${grid.columnDigits} column digits, then ${grid.rowDigits} row digits)`);
    return;
  }
  const within = (range: unknown, n: number) => !isRecord(range) || (n >= Number(range.first) && n <= Number(range.last));
  if (!within(grid.columns, at.col) || !within(grid.rows, at.row)) {
    ctx.add(pointer, 'error', 'dangling-ref', `hex "${value}" lies outside the grid`);
  }
}

export function checkHexes(ctx: LintContext, pointer: string, values: unknown) {
  strings(values).forEach((v, i) => checkHex(ctx, joinPointer(pointer, i), v));
}
