// The fixture ruleset: it resolves cleanly, variants and patch sets change what they say, and the
// report, facts and exports say what a designer expects.
import { describe, expect, it } from 'vitest';
import { checkFacts, completeness, setupCsv, tableCsv } from '@/engine';
import { editJson, loadWith } from './helpers';

describe('the fixture ruleset', () => {
  const base = loadWith('skirmish', {});

  it('validates with no diagnostics', () => {
    expect(base.diagnostics).toEqual([]);
    expect(base.ruleset?.title).toBe('Skirmish at the Fords');
  });

  it('merges documents of one kind from several files', () => {
    expect(Object.keys(base.ruleset!.tables!)).toEqual(['fire', 'terrain-effects']);
  });

  it('has a content hash that ignores key order and follows content', () => {
    const reverseKeys = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reverseKeys) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reverseKeys(x)])) : v;
    const reordered = loadWith('skirmish', { 'skirmish/units.json': JSON.stringify(reverseKeys(JSON.parse(editJson('skirmish/units.json', () => {})))) });
    expect(base.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(reordered.hash).toBe(base.hash);
    const changed = loadWith('skirmish', { 'skirmish/units.json': editJson('skirmish/units.json', (d) => (d.unitTypes.infantry.movement = 4)) });
    expect(changed.hash).not.toBe(base.hash);
  });

  it('applies a variant’s patch sets over the ruleset it extends', () => {
    const variant = loadWith('skirmish-errata', {});
    expect(variant.diagnostics).toEqual([]);
    expect(variant.ruleset!.unitTypes!.armor.movement).toBe(4);
    expect(variant.ruleset!.map!.places!.ford.hex).toBe('0302');
    expect(variant.ruleset!.title).toBe('Skirmish at the Fords, second printing');
    expect(variant.ruleset!.sides).toEqual(base.ruleset!.sides);
    // The parent's file lists and facts belong to the parent's folder and text; its optional patch sets are the variant's to choose.
    expect(variant.ruleset!.patchSets).toEqual(['errata/second-printing.json']);
    expect(Object.keys(variant.ruleset!.optionalPatchSets ?? {})).toEqual(['provisional-fill']);
    expect(variant.ruleset!.facts).toBeUndefined();
    expect(variant.patchSets.map((p) => [p.title, p.kind, p.operations, p.failed])).toEqual([['Second printing errata', 'rulebook', 2, 0]]);
  });

  it('merges a variant’s own documents over what its patch sets made of the ruleset it extends', () => {
    // The variant renumbers the map: its patch replaces the hexes, and its own document adds a hex of its numbering.
    const variant = loadWith('skirmish-errata', {
      'skirmish-errata/ruleset.json': editJson('skirmish-errata/ruleset.json', (d) => (d.documents = { map: 'renumbered.json' })),
      'skirmish-errata/renumbered.json': JSON.stringify({ map: { kind: 'hex', hexes: { '0909': { terrain: 'clear', source: { kind: 'bootstrap' } } } } }),
      'skirmish-errata/errata/second-printing.json': editJson('skirmish-errata/errata/second-printing.json', (d) =>
        d.operations.push({ op: 'replace', path: '/map/hexes', value: { '0808': { terrain: 'forest' } }, cites: [{ book: 'skirmish-errata', rule: 'errata map' }] }),
      ),
    });
    expect(variant.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(Object.keys(variant.ruleset!.map!.hexes!).sort()).toEqual(['0808', '0909']);
  });

  it('reports a patched value at the patch operation that wrote it', () => {
    const { diagnostics } = loadWith('skirmish-errata', {
      'skirmish/units.json': editJson('skirmish/units.json', (d) => (d.roster['red-1-inf'].type = 'infantry')),
      'skirmish-errata/errata/second-printing.json': editJson('skirmish-errata/errata/second-printing.json', (d) =>
        d.operations.push({ op: 'replace', path: '/roster/red-1-inf/type', value: 'cavalry' }),
      ),
    });
    expect(diagnostics.map((d) => [d.document, d.pointer, d.code])).toEqual([['skirmish-errata/errata/second-printing.json', '/operations/2/value', 'dangling-ref']]);
  });

  it('applies an optional patch set only when asked, and counts its values as provisional', () => {
    expect(base.ruleset!.tables!.fire.cells['5']['6+']).toEqual({ gap: 'cell illegible in the printed chart', rule: '4.1' });
    const filled = loadWith('skirmish', {}, { optionalPatchSets: ['provisional-fill'] });
    expect(filled.diagnostics).toEqual([]);
    expect(filled.ruleset!.tables!.fire.cells['5']['6+']).toBe(1);
    // What each patch set wrote is recorded with its kind, for a test game to say a value it reads is provisional.
    expect(base.ruleset!.patched).toBeUndefined();
    expect(filled.ruleset!.patched).toEqual({ '/tables/fire/cells/5/6+': 'provisional', '/tables/fire/cells/6/6+': 'provisional', '/unitTypes/armor/factors/defense': 'provisional' });
    const before = completeness(base.ruleset!);
    const after = completeness(filled.ruleset!);
    expect(before.total.gap).toBe(4);
    expect(after.total.gap).toBe(1);
    expect(after.byCategory.tables.provisional).toBe(before.byCategory.tables.provisional + 2);
    expect(after.byCategory.units.provisional).toBe(before.byCategory.units.provisional + 1);
  });

  it("lets a variant apply the optional patch sets of the ruleset it extends, before its own changes", () => {
    const variant = loadWith('skirmish-errata', {}, { optionalPatchSets: ['provisional-fill'] });
    expect(variant.diagnostics).toEqual([]);
    expect(Object.keys(variant.ruleset!.optionalPatchSets ?? {})).toEqual(['provisional-fill']);
    expect(variant.ruleset!.tables!.fire.cells['5']['6+']).toBe(1);
    // The variant's own errata still apply over the base and its fill.
    expect(variant.ruleset!.unitTypes!.armor.movement).toBe(4);
    expect(variant.ruleset!.patched).toMatchObject({ '/tables/fire/cells/5/6+': 'provisional', '/unitTypes/armor/movement': 'rulebook' });
  });

  it('counts values by provenance and lists every gap with its rule', () => {
    const r = completeness(base.ruleset!);
    expect(r.byCategory.tables).toMatchObject({ rulebook: 24, example: 1, gap: 2 });
    expect(r.gaps.map((g) => [g.category, g.pointer, g.rule])).toEqual([
      ['units', '/unitTypes/armor/factors/defense', '2.1'],
      ['tables', '/tables/fire/cells/5/6+', '4.1'],
      ['tables', '/tables/fire/cells/6/6+', '4.1'],
      ['map', '/map/places/grey-town/value', '5.1'],
    ]);
  });

  it('passes its fact checks, and a wrong fact fails with a reason', () => {
    expect(checkFacts(base.ruleset!).filter((f) => f.failures.length)).toEqual([]);
    const wrong = loadWith('skirmish', { 'skirmish/facts.json': editJson('skirmish/facts.json', (d) => (d.facts['armor-moves-5'].assert[0].equals = 6)) });
    const failed = checkFacts(wrong.ruleset!).filter((f) => f.failures.length);
    expect(failed.map((f) => f.failures)).toEqual([['/unitTypes/armor/movement: is 5, expected 6']]);
  });

  it('exports the order of battle as CSV, constraints in the location column', () => {
    const csv = setupCsv(base.ruleset!, base.ruleset!.scenarios!.campaign).trim().split('\n');
    expect(csv[0]).toBe('power,unit,type,location,state,provenance,rule');
    expect(csv).toContain('Blueland,1st Guards,infantry,constraint: anywhere in Blueland,full,rulebook,8.2');
    expect(csv).toContain('Redland,2nd Armor,armor,hex 0201,reduced,rulebook,8.1');
    expect(csv).toContain('Redland,3rd Infantry,infantry,force pool from Summer 1940,full,rulebook,8.4');
    expect(csv).toHaveLength(9);
  });

  it('exports a table as CSV with gaps shown as "?"', () => {
    const rows = tableCsv(base.ruleset!.tables!.fire).trim().split('\n');
    expect(rows[0]).toBe('die roll \\ strength,1-2,3-5,6+');
    expect(rows[5]).toBe('5,0,0,?');
  });
});
