import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMAS, documentUri, schemaEntries } from '@/editor/monaco/schemas';
import { schemaRef } from '@/server/schema-ref';

// The `$schema` of a file the studio writes: the bundled rulesets' own form when it writes there, and
// otherwise one an editor opening the file can follow.
const project = process.cwd();
const bundled = path.join(project, 'rulesets');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-schema-ref-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const declared = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { $schema: string }).$schema;

describe('the $schema of a written file', () => {
  it('is what the bundled rulesets have, in their folder, for a manifest and for a patch set a folder down', () => {
    expect(schemaRef(path.join(bundled, '2ww'), 'manifest')).toBe(declared(path.join(bundled, '2ww', 'ruleset.json')));
    expect(schemaRef(path.join(bundled, '2ww', 'patches'), 'patchset')).toBe(declared(path.join(bundled, '2ww', 'patches', 'provisional-fill.json')));
    // A ruleset not written yet, and the fixtures' form inside the project.
    expect(schemaRef(path.join(bundled, 'not-yet', 'errata'), 'patchset')).toBe('../../../schemas/patchset.schema.json');
    expect(schemaRef(path.join(project, 'tests', 'fixtures', 'rulesets', 'skirmish'), 'manifest')).toBe(declared(path.join(project, 'tests', 'fixtures', 'rulesets', 'skirmish', 'ruleset.json')));
  });

  it('is the bundled form too when the bundled folder is served through a link', () => {
    const link = path.join(scratch, 'served');
    fs.symlinkSync(bundled, link);
    expect(schemaRef(path.join(link, '2ww'), 'manifest')).toBe('../../schemas/manifest.schema.json');
  });

  it('names the schema by a file: URL that exists for a folder outside the project, wherever it is or moves', () => {
    for (const dir of [path.join(scratch, 'mine', 'game'), path.join(scratch, 'a', 'b', 'c', 'game', 'errata')]) {
      const ref = schemaRef(dir, 'units');
      expect(ref).toMatch(/^file:\/\//);
      expect(fs.existsSync(fileURLToPath(ref))).toBe(true);
    }
  });

  it('is found by the workbench’s Monaco, which takes a file: URL for the schema of that name', () => {
    const ref = schemaRef(path.join(scratch, 'mine', 'game'), 'units');
    expect(schemaEntries([{ uri: documentUri('game', 'units.json'), schema: 'units', declared: ref }]).at(-1)).toEqual({ uri: ref, schema: { $ref: SCHEMAS.units.$id } });
  });
});
