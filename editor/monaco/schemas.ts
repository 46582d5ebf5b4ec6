// Which schema each open document uses, told to Monaco's JSON language service.
import { SCHEMAS } from '@/engine/schema/lookup';

export { SCHEMAS };
export type SchemaName = keyof typeof SCHEMAS;

/** Model URIs live beside the schemas' `$id`s, so a document's relative `$schema` (`../../schemas/units.schema.json`) lands on one. */
const ORIGIN = new URL(SCHEMAS.common.$id).origin;

export const documentUri = (rulesetId: string, path: string) => `${ORIGIN}/rulesets/${rulesetId}/${path}`;
export const resolvedUri = (rulesetId: string) => `${ORIGIN}/resolved/${rulesetId}.json`;
/** A draft the manifest does not list, shown read-only: apart from the documents' URIs, so no document's model is taken for it. */
export const unlistedUri = (rulesetId: string, path: string) => `${ORIGIN}/unlisted/${rulesetId}/${path}`;
/** One folder down from the origin too, so a compared document's relative `$schema` still finds its schema. */
export const diffUri = (n: number, side: 'before' | 'after') => `${ORIGIN}/diff/${n}-${side}.json`;

/** Markdown's special characters escaped, as Monaco's JSON service escapes a `description` it shows. */
const asMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!]/g, '\\$&').replace(/([^\n\r])(\r?\n)([^\n\r])/g, '$1\n\n$3');

/**
 * The schemas as Monaco's JSON service is given them, for its hover to say what a field means. It shows the first
 * description among the schemas a value matches, the form the value takes first: a gap in "movement" was
 * described as a Gap, not as the movement allowance. Where a definition offers a plain value or forms of it
 * (CitedNumber: a number, a CitedNumberValue or a Gap), the forms lose their title and description here. And it
 * copies a referenced schema's description over a field's own (`$ref` beside "Movement allowance."), which a
 * `markdownDescription`, that no referenced schema has, survives.
 */
function forHover(schemas: Record<string, object>): Record<string, object> {
  const forms = new Set<string>();
  const collect = (node: unknown, file: string) => {
    if (typeof node !== 'object' || node === null) return;
    const anyOf = (node as { anyOf?: unknown }).anyOf;
    if (Array.isArray(anyOf) && anyOf.some((b) => typeof b?.type === 'string')) {
      for (const b of anyOf) if (typeof b?.$ref === 'string') forms.add(new URL(b.$ref, file).href);
    }
    for (const value of Object.values(node)) collect(value, file);
  };
  for (const schema of Object.values(schemas)) collect(schema, (schema as { $id: string }).$id);
  const copy = (node: unknown, at: string): unknown => {
    if (Array.isArray(node)) return node.map((x, i) => copy(x, `${at}/${i}`));
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = copy(value, `${at}/${key}`);
    if (forms.has(at)) {
      delete out.title;
      delete out.description;
    }
    if (typeof out.$ref === 'string' && typeof out.description === 'string' && out.markdownDescription === undefined) out.markdownDescription = asMarkdown(out.description);
    return out;
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, copy(schema, `${(schema as { $id: string }).$id}#`) as object]));
}

const HOVERED = forHover(SCHEMAS);

export interface Association {
  uri: string;
  schema: SchemaName;
  /** The document's own `$schema` value, which Monaco follows in preference to the association. */
  declared?: string;
}

export interface SchemaEntry {
  uri: string;
  schema: object;
  fileMatch?: string[];
}

/**
 * Every schema under its `$id` (so cross-file `$ref`s resolve), each associated with its documents by path.
 * A `$schema` that resolves elsewhere (a ruleset folder outside the project) gets an alias pointing at the
 * schema of the same file name, or else of the document's kind.
 */
export function schemaEntries(associations: readonly Association[]): SchemaEntry[] {
  const byName = new Map(Object.entries(SCHEMAS).map(([name, s]) => [`${name}.schema.json`, s.$id]));
  const known = new Set(byName.values());
  const aliases = new Map<string, string>();
  for (const { uri, schema, declared } of associations) {
    if (!declared) continue;
    let target: string;
    try {
      target = new URL(declared, uri).href;
    } catch {
      continue;
    }
    if (known.has(target)) continue;
    aliases.set(target, byName.get(target.split('/').pop() ?? '') ?? SCHEMAS[schema].$id);
  }
  return [
    ...Object.entries(SCHEMAS).map(([name, schema]) => ({
      uri: schema.$id,
      schema: HOVERED[name],
      fileMatch: associations.filter((a) => a.schema === name).map((a) => new URL(a.uri).pathname),
    })),
    ...[...aliases].map(([uri, id]) => ({ uri, schema: { $ref: id } })),
  ];
}
