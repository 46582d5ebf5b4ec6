// The ajv instance: every schema compiled once, strict, reporting all errors.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../json/document';
import { dateProblem, DATE_PATTERN } from './date';
import { schemaFindings } from './errors';
import { SCHEMAS, schemaAt, type SchemaName } from './lookup';

export type { SchemaName };

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

/** The address of the schema a document's schema gives the value at a pointer: an error where there is no one, as no caller asks for one. */
function subschemaAt(schema: SchemaName, pointer: string): string {
  const place = schemaAt(schema, pointer);
  if (!place) throw new Error(`the ${schema} schema gives ${pointer} no one schema`);
  return place.address;
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
