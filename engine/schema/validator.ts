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
import { schemaFindings } from './errors';
import type { DocumentKind } from './kinds';

export type SchemaName = DocumentKind | 'manifest' | 'patchset' | 'ruleset';

export const SCHEMAS = { common, expression, mechanics, manifest, units, tables, map, setup, sequence, victory, rules, facts, patchset, ruleset };

let compiled: Record<SchemaName, ValidateFunction> | undefined;

/** A value a schema marks with `refersTo` (what it refers to: "placeKind"), with its pointer in the document. */
export type SchemaReference = { to: string; value: unknown; pointer: string };

/** Where `referencesIn` gathers the marked values while it validates; no one gathers otherwise. */
let gathering: SchemaReference[] | undefined;

function compileAll(): Record<SchemaName, ValidateFunction> {
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
  ajv.addSchema(Object.values(SCHEMAS));
  const get = (name: keyof typeof SCHEMAS) => ajv.getSchema(SCHEMAS[name].$id)!;
  return {
    manifest: get('manifest'), units: get('units'), tables: get('tables'), map: get('map'), setup: get('setup'),
    sequence: get('sequence'), victory: get('victory'), rules: get('rules'), facts: get('facts'),
    patchset: get('patchset'), ruleset: get('ruleset'),
  };
}

/** Validates a parsed document against a schema; returns ajv's errors (empty when valid). */
export function schemaErrors(schema: SchemaName, value: unknown): ErrorObject[] {
  compiled ??= compileAll();
  const validate = compiled[schema];
  return validate(value) ? [] : [...(validate.errors ?? [])];
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
