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
import { getAt, joinPointer, parsePointer } from '../json/pointer';
import type { DocumentKind } from './kinds';

export type SchemaName = DocumentKind | 'manifest' | 'patchset' | 'ruleset';

export const SCHEMAS = { common, expression, mechanics, manifest, units, tables, map, setup, sequence, victory, rules, facts, patchset, ruleset };

type SchemaNode = { $ref?: string; properties?: Record<string, unknown>; additionalProperties?: unknown; items?: unknown; description?: unknown; default?: unknown };
const byId = new Map<string, unknown>(Object.values(SCHEMAS).map((s) => [s.$id, s]));

/** The schema a document's schema gives the value at a pointer. */
export interface SchemaPlace {
  /** Its schema's $id, then a JSON Pointer into it, its $ref followed. */
  address: string;
  /** The schema of the last key as written where it is named (its description and default, before its $ref). */
  node: SchemaNode;
  /** That schema with its $ref followed (its properties). */
  schema: SchemaNode;
  /** Whether the last key is a property the schema names, not an entry of a map or a list. */
  named: boolean;
}

/**
 * The schema a document's schema gives the value at a pointer, following $refs: through named properties, maps
 * (additionalProperties) and lists (items). Undefined where there is none (a key the schema does not define), or
 * no one (a place only a union, anyOf or oneOf, decides).
 */
export function schemaAt(schema: SchemaName, pointer: string): SchemaPlace | undefined {
  let base: string = SCHEMAS[schema].$id;
  let at = '';
  let named = false;
  const node = () => getAt(byId.get(base), at) as SchemaNode | undefined;
  let written: SchemaNode | undefined = node();
  const follow = () => {
    for (let ref = node()?.$ref; ref !== undefined; ref = node()?.$ref) {
      const url = new URL(ref, base);
      at = decodeURIComponent(url.hash.slice(1));
      base = url.href.slice(0, url.href.length - url.hash.length);
    }
  };
  for (const key of parsePointer(pointer)) {
    follow();
    const n = node();
    named = !!n?.properties && Object.hasOwn(n.properties, key);
    if (named) at = joinPointer(at, 'properties', key);
    else if (typeof n?.additionalProperties === 'object') at = joinPointer(at, 'additionalProperties');
    else if (typeof n?.items === 'object' && /^(0|[1-9]\d*)$/.test(key)) at = joinPointer(at, 'items');
    else return undefined;
    written = node();
  }
  follow();
  const followed = node();
  return written && followed && { address: `${base}#${at}`, node: written, schema: followed, named };
}

/** What the absence of a property at a pointer means, as the schema says: its default, and the sentence of its description about it ("Absent: …", "Without it, …"). */
export function absenceMeaning(schema: SchemaName, pointer: string): { default?: unknown; text?: string } {
  // An entry of a map or a list absent is no setting left out: nothing to say of it.
  const place = schemaAt(schema, pointer);
  const node = place?.named ? place.node : undefined;
  const description = typeof node?.description === 'string' ? node.description : '';
  const text = description.split(/(?<=[.!?])\s+(?=[A-Z])/).find((s) => /^(Absent|Without it|When absent|Not given)\b/.test(s));
  return { ...(node && 'default' in node ? { default: node.default } : {}), ...(text ? { text } : {}) };
}
