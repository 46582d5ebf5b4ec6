// The ajv instance: every schema compiled once, strict, reporting all errors.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
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
import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../json/document';
import { getAt, joinPointer, parsePointer } from '../json/pointer';
import { dateProblem, DATE_PATTERN } from './date';
import { schemaFindings } from './errors';
import type { DocumentKind } from './kinds';

export type SchemaName = DocumentKind | 'manifest' | 'patchset' | 'ruleset';

export const SCHEMAS = { common, expression, mechanics, manifest, units, tables, map, setup, sequence, victory, rules, facts, patchset, ruleset };

let compiled: { ajv: Ajv2020; documents: Record<SchemaName, ValidateFunction> } | undefined;

/** A value a schema marks with `refersTo` (what it refers to: "placeKind"), with its pointer in the document. */
export type SchemaReference = { to: string; value: unknown; pointer: string };

/** Where `referencesIn` gathers the marked values while it validates; no one gathers otherwise. */
let gathering: SchemaReference[] | undefined;

function compileAll() {
  // discriminator: expressions and models are unions keyed by 'op' / 'model'; ajv then reports
  // only the errors of the branch the document chose, not of every branch.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, discriminator: true, allowUnionTypes: true, verbose: true });
  // An annotation, never a failure: it marks a value as a reference to something the data declares (a place kind).
  ajv.addKeyword({
    keyword: 'refersTo',
    schemaType: 'string',
    errors: false,
    validate: (to: string, value: unknown, _schema?: unknown, cxt?: { instancePath: string }) => {
      gathering?.push({ to, value, pointer: cxt?.instancePath ?? '' });
      return true;
    },
  });
  // A date of the pattern's form that no calendar has (2021-02-30, 0000): the pattern's own error covers the rest.
  ajv.addFormat('calendar-date', (s: string) => !DATE_PATTERN.test(s) || dateProblem(s) === undefined);
  ajv.addSchema(Object.values(SCHEMAS));
  const get = (name: keyof typeof SCHEMAS) => ajv.getSchema(SCHEMAS[name].$id)!;
  const documents: Record<SchemaName, ValidateFunction> = {
    manifest: get('manifest'), units: get('units'), tables: get('tables'), map: get('map'), setup: get('setup'),
    sequence: get('sequence'), victory: get('victory'), rules: get('rules'), facts: get('facts'),
    patchset: get('patchset'), ruleset: get('ruleset'),
  };
  return { ajv, documents };
}

/** Validates a parsed document against a schema; returns ajv's errors (empty when valid). */
export function schemaErrors(schema: SchemaName, value: unknown): ErrorObject[] {
  compiled ??= compileAll();
  const validate = compiled.documents[schema];
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

type SchemaNode = { $ref?: string; properties?: Record<string, unknown>; additionalProperties?: unknown; items?: unknown };
const byId = new Map<string, unknown>(Object.values(SCHEMAS).map((s) => [s.$id, s]));

/**
 * The address (its schema's $id, then a JSON Pointer into it) of the schema a document's schema gives the value at
 * a pointer, following $refs: through named properties, maps (additionalProperties) and lists (items). A place
 * only a union (anyOf, oneOf) decides has no one schema: an error, as no caller asks for one.
 */
function subschemaAt(schema: SchemaName, pointer: string): string {
  let base: string = SCHEMAS[schema].$id;
  let at = '';
  const node = () => getAt(byId.get(base), at) as SchemaNode | undefined;
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
    if (n?.properties && Object.hasOwn(n.properties, key)) at = joinPointer(at, 'properties', key);
    else if (typeof n?.additionalProperties === 'object') at = joinPointer(at, 'additionalProperties');
    else if (typeof n?.items === 'object' && /^(0|[1-9]\d*)$/.test(key)) at = joinPointer(at, 'items');
    else throw new Error(`the ${schema} schema gives ${pointer} no one schema`);
  }
  return `${base}#${at}`;
}

const atPointer = new Map<string, ValidateFunction>();

/**
 * Validates a value for one place of a document (a table cell, say) against the schema there, in the same ajv
 * instance, before it is written; returns ajv's errors, their paths from the document's root (empty when valid).
 */
export function schemaErrorsAt(schema: SchemaName, pointer: string, value: unknown): ErrorObject[] {
  compiled ??= compileAll();
  const address = subschemaAt(schema, pointer);
  const validate = atPointer.get(address) ?? atPointer.set(address, compiled.ajv.getSchema(address)!).get(address)!;
  return validate(value) ? [] : (validate.errors ?? []).map((e) => ({ ...e, instancePath: pointer + e.instancePath }));
}

/** The values a document's schema marks with `refersTo`, found by validating it (ajv walks the branch each union chose). */
export function referencesIn(schema: SchemaName, value: unknown): SchemaReference[] {
  gathering = [];
  try {
    schemaErrors(schema, value);
    return gathering;
  } finally {
    gathering = undefined;
  }
}

/** A parsed document's schema problems, each at its place in the text: the loader's of every document, the workbench's of an edit it holds. */
export function schemaDiagnostics(doc: ParsedDocument, schema: SchemaName): Diagnostic[] {
  return schemaFindings(schemaErrors(schema, doc.value)).map((f) => doc.diagnostic(f.pointer, f.severity, f.code, f.message, f.atKey));
}
