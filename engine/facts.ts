// Fact checks: assertions on the resolved ruleset that tie it to what the rulebook says.
import type { Assertion, Fact, ResolvedRuleset } from './generated/schema-types';
import { getAt, parsePointer, toPointer } from './json/pointer';
import { isRecord } from './json/record';

export interface FactResult {
  id: string;
  fact: Fact;
  failures: string[];
}


export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** The provenance kind of the value at a pointer: its own source, or the nearest enclosing one. */
function provenanceAt(root: unknown, pointer: string): string | undefined {
  const segments = parsePointer(pointer);
  for (let n = segments.length; n >= 0; n--) {
    const node = getAt(root, toPointer(segments.slice(0, n)));
    if (isRecord(node) && isRecord(node.source) && typeof node.source.kind === 'string') return node.source.kind;
  }
  return undefined;
}

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

export function checkAssertion(ruleset: ResolvedRuleset, a: Assertion): string[] {
  const value = getAt(ruleset, a.pointer);
  const failures: string[] = [];
  const fail = (msg: string) => failures.push(`${a.pointer}: ${msg}`);
  if (a.exists !== undefined && (value !== undefined) !== a.exists) fail(a.exists ? 'does not exist' : `exists (${show(value)})`);
  if ('equals' in a && !deepEqual(value, a.equals)) fail(`is ${show(value)}, expected ${show(a.equals)}`);
  if ('contains' in a) {
    const ok = Array.isArray(value) ? value.some((x) => deepEqual(x, a.contains)) : isRecord(value) && typeof a.contains === 'string' && Object.hasOwn(value, a.contains);
    if (!ok) fail(`does not contain ${show(a.contains)}`);
  }
  if (a.count !== undefined) {
    const n = Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : undefined;
    if (n !== a.count) fail(`has ${n ?? 'no'} elements, expected ${a.count}`);
  }
  if (a.provenance !== undefined) {
    const kind = provenanceAt(ruleset, a.pointer);
    if (kind !== a.provenance) fail(`provenance is ${kind ?? 'unmarked'}, expected ${a.provenance}`);
  }
  if (a.gap !== undefined && (isRecord(value) && typeof value.gap === 'string') !== a.gap) fail(a.gap ? `is not a gap (${show(value)})` : 'is a gap');
  return failures;
}

export function checkFacts(ruleset: ResolvedRuleset): FactResult[] {
  return Object.entries(ruleset.facts ?? {}).map(([id, fact]) => ({
    id,
    fact,
    failures: fact.assert.flatMap((a) => checkAssertion(ruleset, a)),
  }));
}
