// Turns ajv's errors into findings a designer can act on: one per problem, with a plain message.
import type { ErrorObject } from 'ajv/dist/2020';
import type { Finding } from '../diagnostics';
import { joinPointer, parsePointer } from '../json/pointer';
import { dateProblem } from './date';
import { counted, joinWords, tooLong } from '../words';

type SchemaNode = { title?: string; description?: string; properties?: Record<string, unknown>; oneOf?: unknown[]; anyOf?: unknown[] };

export function schemaFindings(errors: readonly ErrorObject[]): Finding[] {
  // Branch errors of an anyOf/oneOf at the same place only say "not this form"; the union's summary says it
  // once. (Branches reached through $ref have unrelated schema paths, so the instance path decides.)
  const unionAt = new Set(errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath));
  // Except a branch that took the value's type and found it past a limit (a string too long, a number too
  // small): that limit is the finding, in the place of the union's summary ("does not match Cell").
  const pastLimit = new Set(errors.filter((e) => LIMITS.has(e.keyword) && unionAt.has(e.instancePath)).map((e) => e.instancePath));
  const isBranchNoise = (e: ErrorObject) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && unionAt.has(e.instancePath) && !(LIMITS.has(e.keyword) && pastLimit.has(e.instancePath));
  // What the branches wanted there, for the union's summary to name: "a string or an array, not a number".
  // Only where every branch failed on the value's type or value: a branch that failed on a key (missing,
  // unknown) or deeper wanted the value's own type, and naming types would then be false.
  const wanted = new Map<string, Set<string>>();
  const keyed = new Set<string>();
  // The keys a branch of the value's type found missing: "it lacks "source" or "gap"".
  const lacking = new Map<string, Set<string>>();
  for (const e of errors) {
    if (!isBranchNoise(e)) continue;
    if (e.keyword === 'required') addTo(lacking, e.instancePath, `"${e.params.missingProperty}"`);
    const forms = e.keyword === 'type' ? [e.params.type as string].flat() : e.keyword === 'const' ? [show(e.params.allowedValue)] : e.keyword === 'enum' ? (e.params.allowedValues as unknown[]).map(show) : undefined;
    if (!forms) keyed.add(e.instancePath);
    for (const form of forms ?? []) addTo(wanted, e.instancePath, form);
  }
  // Where a branch got inside the value and found a fault there, that fault is the finding: the union's
  // summary would name what other branches lacked ({"value": "3"} "lacks "gap"") beside the real fault.
  // A fault under a property the union's own schema declares is no branch's: the summary stays.
  const own = new Map(errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => [e.instancePath, Object.keys((e.parentSchema as SchemaNode | undefined)?.properties ?? {})]));
  const entered = new Set<string>();
  for (const e of errors) {
    for (const at of unionAt) {
      if (!e.instancePath.startsWith(`${at}/`)) continue;
      keyed.add(at);
      const [key] = parsePointer(e.instancePath.slice(at.length));
      if (!own.get(at)?.includes(key)) entered.add(at);
    }
  }
  for (const at of keyed) wanted.delete(at);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if' || isBranchNoise(e) || ((e.keyword === 'anyOf' || e.keyword === 'oneOf') && (entered.has(e.instancePath) || pastLimit.has(e.instancePath)))) continue;
    const finding = toFinding(e, wanted.get(e.instancePath), lacking.get(e.instancePath));
    const key = `${finding.pointer}|${finding.code}|${finding.message}`;
    if (!seen.has(key)) findings.push(finding), seen.add(key);
  }
  return findings;
}

/** Keywords that bound a value of the right type: its length or its size. */
const LIMITS = new Set(['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
const BOUNDS: Record<string, string> = { minimum: '≥', maximum: '≤', exclusiveMinimum: '>', exclusiveMaximum: '<' };

const addTo = (m: Map<string, Set<string>>, key: string, value: string) => void (m.get(key) ?? m.set(key, new Set()).get(key)!).add(value);

function toFinding(e: ErrorObject, wanted?: Set<string>, lacking?: Set<string>): Finding {
  const parent = (e.parentSchema ?? {}) as SchemaNode;
  const at = (code: string, message: string, pointer = e.instancePath, atKey = false): Finding => ({ pointer, severity: 'error', code, message, atKey });
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty);
      const allowed = Object.keys(parent.properties ?? {});
      const hint = closest(key, allowed);
      return at('unknown-key', `unknown key "${key}"` + (hint ? `; did you mean "${hint}"?` : allowed.length ? `; allowed: ${allowed.join(', ')}` : ''), joinPointer(e.instancePath, key), true);
    }
    case 'required':
      return at('missing-property', `missing required "${e.params.missingProperty}"`);
    case 'type':
      return at('wrong-type', e.params.type === 'integer' && typeof e.data === 'number' ? `must be a whole number, not ${e.data}` : `must be ${e.params.type}, not ${typeName(e.data)}`);
    case 'minLength':
      return at('bad-value', e.params.limit === 1 ? 'must not be empty' : `must be at least ${counted(e.params.limit as number, 'character')} long`);
    case 'maxLength':
      return at('bad-value', tooLong(e.params.limit as number, String(e.data)));
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return at('bad-value', `must be ${BOUNDS[e.keyword]} ${e.params.limit}, not ${show(e.data)}`);
    case 'enum':
      return at('bad-value', `${show(e.data)} must be one of ${(e.params.allowedValues as unknown[]).map(show).join(', ')}`);
    case 'const':
      return at('bad-value', `must be ${show(e.params.allowedValue)}`);
    case 'pattern':
      return at('bad-value', `${show(e.data)} does not have the expected form${parent.title ? ` of ${parent.title}` : ''}${parent.description ? ` (${parent.description})` : ''}`);
    case 'propertyNames':
      return at('bad-value', `key ${show(e.params.propertyName)} is not a valid id (lower-case letters, digits, '-', '_' or '.')`, joinPointer(e.instancePath, String(e.params.propertyName)), true);
    case 'discriminator': {
      const tag = String(e.params.tag);
      const allowed = ((parent.oneOf ?? []) as { $ref?: string }[]).length;
      return e.params.error === 'tag'
        ? at('missing-property', `missing required "${tag}"`)
        : at('bad-value', `"${tag}" ${show((e.data as Record<string, unknown>)?.[tag])} is not one of the ${allowed} known kinds${parent.title ? ` of ${parent.title}` : ''}`, joinPointer(e.instancePath, tag));
    }
    case 'anyOf':
    case 'oneOf':
      return at('no-matching-form', `${show(e.data)} does not match ${parent.title ?? 'any allowed form'}${parent.description ? ` (${parent.description.replace(/\.$/, '')})` : ''}${expected(e.data, wanted)}${!wanted?.size && lacking?.size ? `: it lacks ${joinWords([...lacking], 'or')}` : ''}`);
    case 'minItems':
      return at('bad-value', `must have at least ${counted(e.params.limit as number, 'item')}`);
    case 'maxProperties':
    case 'minProperties':
      return at('bad-value', parent.title === 'Location' ? 'must name exactly one of hex, area, place, box, carriedBy or constraint' : e.message ?? e.keyword);
    case 'not':
      return at('bad-value', `${show(e.data)} is not allowed here`);
    case 'format':
      return at('bad-value', e.params.format === 'calendar-date' ? dateProblem(String(e.data))! : `${show(e.data)} is not a ${e.params.format}`);
    default:
      return at('bad-value', e.message ?? `fails ${e.keyword}`);
  }
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
/** A JSON type with its article ("an object"); a value shown as itself. */
const article = (form: string) => (/^[a-z]+$/.test(form) && form !== 'null' ? `${/^[aeiou]/.test(form) ? 'an' : 'a'} ${form}` : form);
/**
 * ": expected a string or an array, not a number" for a union's summary, from what its branches wanted; nothing
 * when a branch of the value's own type was wanted (its errors within the value say what is wrong there).
 */
function expected(data: unknown, wanted: Set<string> | undefined): string {
  const type = typeName(data);
  if (!wanted?.size || wanted.has(type) || (type === 'number' && wanted.has('integer'))) return '';
  const types = [...wanted].every((w) => /^[a-z]+$/.test(w));
  return `: expected ${joinWords([...wanted].map(article), 'or')}${types ? `, not ${article(type)}` : ''}`;
}
const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? s.slice(0, 57) + '...' : s;
};

/** The allowed key nearest to a misspelt one, if near enough to be a likely typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    // A length apart by the best distance is at least that far: most candidates end here (a lint of many unknown ids asks this of each).
    if (Math.abs(c.length - w.length) >= bestDistance) continue;
    const d = editDistance(w, c.toLowerCase(), bestDistance);
    if (d < bestDistance) (best = c), (bestDistance = d);
  }
  return best;
}

/** Two rows of the distance table, kept between calls (a lint of many unknown ids asks for thousands of distances). */
let rows = [new Int32Array(64), new Int32Array(64)];

/** Levenshtein distance of two strings, or `bound` as soon as it cannot be less (every cell of a row at least that). */
function editDistance(a: string, b: string, bound: number): number {
  if (rows[0].length <= b.length) rows = [new Int32Array(2 * b.length + 2), new Int32Array(2 * b.length + 2)];
  let [prev, cur] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let least = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ai === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = d;
      if (d < least) least = d;
    }
    if (least >= bound) return bound;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}
