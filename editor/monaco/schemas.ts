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
      schema,
      fileMatch: associations.filter((a) => a.schema === name).map((a) => new URL(a.uri).pathname),
    })),
    ...[...aliases].map(([uri, id]) => ({ uri, schema: { $ref: id } })),
  ];
}
