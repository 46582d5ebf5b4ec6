// The schemas are the source of truth: generated files must match them, and Monaco needs a
// description on every property to show as help.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateAll, GENERATED } from '../../bin/lib/generate-types';

const SCHEMAS = join(import.meta.dirname, '..', '..', 'schemas');
const files = readdirSync(SCHEMAS).filter((f) => f.endsWith('.schema.json'));

describe('schemas', () => {
  it('generated types and the resolved-ruleset schema are up to date (npm run types)', async () => {
    const outputs = await generateAll();
    for (const [file, text] of Object.entries(outputs)) expect(GENERATED.read(file), `${file} is stale: run npm run types`).toBe(text);
  });

  it.each(files)('%s has an $id and a description on every property', (file) => {
    const schema = JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8'));
    expect(schema.$id).toBe(`https://sandtable.local/schemas/${file}`);
    const missing: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      const props = record.properties as Record<string, Record<string, unknown>> | undefined;
      for (const [key, prop] of Object.entries(props ?? {})) if (typeof prop.description !== 'string') missing.push(`${path}/properties/${key}`);
      // An `if` only selects a branch; editors show no help for it.
      for (const [key, value] of Object.entries(record)) if (key !== 'if') walk(value, `${path}/${key}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });
});
