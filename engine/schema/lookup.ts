// The schemas as data, and what they say of one place of a document: which schema gives its value, and what its
// absence means. Pure (no ajv), so the workbench's views read descriptions from the same schemas the loader checks.
import common from '../../schemas/common.schema.json';
import expression from '../../schemas/expression.schema.json';
import mechanics from '../../schemas/mechanics.schema.json';
import manifest from '../../schemas/manifest.schema.json';
import units from '../../schemas/units.schema.json';
import tables from '../../schemas/tables.schema.json';
import map from '../../schemas/map.schema.json';
import setup from '../../schemas/setup.schema.json';
import sequence from '../../schemas/sequence.schema.json';
import victory from '../../schemas/victory.schema.json';
import rules from '../../schemas/rules.schema.json';
import facts from '../../schemas/facts.schema.json';
import patchset from '../../schemas/patchset.schema.json';
import ruleset from '../../schemas/ruleset.schema.json';
import { deepEqual } from '../facts';
import { getAt, joinPointer, parsePointer } from '../json/pointer';
import { isRecord } from '../json/record';
import type { DocumentKind } from './kinds';

export type SchemaName = DocumentKind | 'manifest' | 'patchset' | 'ruleset';

export const SCHEMAS = { common, expression, mechanics, manifest, units, tables, map, setup, sequence, victory, rules, facts, patchset, ruleset };

type SchemaNode = {
  $ref?: string; properties?: Record<string, unknown>; additionalProperties?: unknown; items?: unknown; description?: unknown; default?: unknown;
  oneOf?: unknown[]; anyOf?: unknown[]; const?: unknown; type?: string | string[]; required?: string[]; title?: unknown;
};
const byId = new Map<string, unknown>(Object.values(SCHEMAS).map((s) => [s.$id, s]));

/** A place in one of the schemas: its $id, and a JSON Pointer into it. */
type Cursor = { base: string; at: string };
const nodeAt = (c: Cursor) => getAt(byId.get(c.base), c.at) as SchemaNode | undefined;

/** The place a cursor's $refs lead to. */
function followed(c: Cursor): Cursor {
  for (let ref = nodeAt(c)?.$ref; ref !== undefined; ref = nodeAt(c)?.$ref) {
    const url = new URL(ref, c.base);
    c = { base: url.href.slice(0, url.href.length - url.hash.length), at: decodeURIComponent(url.hash.slice(1)) };
  }
  return c;
}

const ofType = (type: string, v: unknown) =>
  type === 'integer' ? Number.isInteger(v) : type === 'null' ? v === null : type === 'array' ? Array.isArray(v) : type === 'object' ? isRecord(v) : typeof v === type;

/** Whether a value can be of a union's branch: of its type, equal to its consts (a discriminator's among them). */
function fits(s: SchemaNode, v: unknown): boolean {
  if ('const' in s) return deepEqual(s.const, v);
  if (s.type !== undefined && ![s.type].flat().some((t) => ofType(t, v))) return false;
  return !isRecord(v) || Object.entries(s.properties ?? {}).every(([k, p]) => !isRecord(p) || !('const' in p) || deepEqual(p.const, v[k]));
}

/**
 * The branch of a union (oneOf, anyOf) at a cursor that a value is of, its $refs followed: the one it fits, or of
 * several, the one whose required keys it has (a number with its source, not a gap); undefined unless exactly one.
 */
function branchOf(c: Cursor, v: unknown): Cursor | undefined {
  const n = nodeAt(c);
  const union = Array.isArray(n?.oneOf) ? 'oneOf' : Array.isArray(n?.anyOf) ? 'anyOf' : undefined;
  if (!union || v === undefined) return undefined;
  const branches = n![union]!.map((_, i) => followed({ base: c.base, at: joinPointer(c.at, union, String(i)) }));
  const can = branches.filter((b) => fits(nodeAt(b) ?? {}, v));
  const has = can.length > 1 && isRecord(v) ? can.filter((b) => (nodeAt(b)?.required ?? []).every((k) => Object.hasOwn(v, k))) : can;
  return has.length === 1 ? has[0] : undefined;
}

/** Where a schema sends a key beneath it: a property it names, its map's entries, its list's items; undefined where none. */
function beneath(n: SchemaNode | undefined, key: string): { at: string[]; named: boolean } | undefined {
  if (isRecord(n?.properties) && Object.hasOwn(n.properties, key)) return { at: ['properties', key], named: true };
  if (typeof n?.additionalProperties === 'object') return { at: ['additionalProperties'], named: false };
  if (typeof n?.items === 'object' && /^(0|[1-9]\d*)$/.test(key)) return { at: ['items'], named: false };
  return undefined;
}

/** The schema a document's schema gives the value at a pointer. */
export interface SchemaPlace {
  /** Its schema's $id, then a JSON Pointer into it, its $ref followed. */
  address: string;
  /** The schema of the last key as written where it is named (its description and default, before its $ref). */
  node: SchemaNode;
  /** That schema with its $ref followed (its properties); given the document, the branch of a union its value is of. */
  schema: SchemaNode;
  /** Whether the last key is a property the schema names, not an entry of a map or a list. */
  named: boolean;
}

/**
 * The schema a document's schema gives the value at a pointer, following $refs: through named properties, maps
 * (additionalProperties) and lists (items). Through a union (oneOf, anyOf: a combat model keyed by `model`), the
 * branch the document's value there is of (its discriminator's const, its type); without the document, or where
 * no one branch fits it, there is no one schema. Undefined where there is none (a key the schema does not define).
 */
export function schemaAt(schema: SchemaName, pointer: string, document?: unknown): SchemaPlace | undefined {
  let c: Cursor = { base: SCHEMAS[schema].$id, at: '' };
  let value = document;
  let named = false;
  let written = nodeAt(c);
  /** The cursor's $refs followed and, where it is a union the value decides, the branch it is of (a branch may be a union itself). */
  const resolve = (stop: (n: SchemaNode | undefined) => boolean) => {
    c = followed(c);
    for (let b: Cursor | undefined; !stop(nodeAt(c)) && (b = branchOf(c, value)); ) c = b;
  };
  for (const key of parsePointer(pointer)) {
    resolve((n) => beneath(n, key) !== undefined);
    const next = beneath(nodeAt(c), key);
    if (!next) return undefined;
    c = { base: c.base, at: joinPointer(c.at, ...next.at) };
    named = next.named;
    written = nodeAt(c);
    value = isRecord(value) ? value[key] : Array.isArray(value) ? value[Number(key)] : undefined;
  }
  resolve(() => false);
  const followedNode = nodeAt(c);
  return written && followedNode && { address: `${c.base}#${c.at}`, node: written, schema: followedNode, named };
}

/**
 * What the absence of a property at a pointer means, as the schema says: its default, and the sentence of its
 * description about it ("Absent: …", "Without it, …"); the document decides the branch of a union on the way.
 */
export function absenceMeaning(schema: SchemaName, pointer: string, document?: unknown): { default?: unknown; text?: string } {
  // An entry of a map or a list absent is no setting left out: nothing to say of it.
  const place = schemaAt(schema, pointer, document);
  const node = place?.named ? place.node : undefined;
  const description = typeof node?.description === 'string' ? node.description : '';
  const text = description.split(/(?<=[.!?])\s+(?=[A-Z])/).find((s) => /^(Absent|Without it|When absent|Not given)\b/.test(s));
  return { ...(node && 'default' in node ? { default: node.default } : {}), ...(text ? { text } : {}) };
}
