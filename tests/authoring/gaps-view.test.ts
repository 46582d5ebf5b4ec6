// The Gaps view's groups and words (editor/workbench/gaps.ts): by category in the report's order, narrowed by a search,
// and what it says of the gaps bots stop at, which the play page counts alone.
import { describe, expect, it } from 'vitest';
import { botWords, gapGroups, gapsCounted, placeOf, subjectOf } from '@/editor/workbench/gaps';
import { matching } from '@/editor/workbench/rules-find';
import type { ListedGap } from '@/server/routers/gaps';

const at = (document: string) => ({ document, pointer: '/x', line: 3, column: 5 });
const GAPS: ListedGap[] = [
  { category: 'map', pointer: '/map/hexes/1316/gaps/0', gap: 'The text names this hex but not its terrain.', rule: '8.1.2', at: at('2ww/map.json'), bots: false },
  { category: 'tables', pointer: '/tables/combat/cells/1/2', gap: 'Cell illegible.', rule: '9.2', at: at('2ww/tables/combat.json'), bots: true },
  { category: 'ruleset', pointer: '/gaps/6', gap: 'Production cities are on the map.', rule: '7.1', at: at('2ww/ruleset.json'), bots: false },
  { category: 'units', pointer: '/gaps/1', gap: 'No counter sheet.', at: at('2ww/units.json'), bots: false },
  { category: 'units', pointer: '/unitTypes/armor/movement', gap: 'Movement factor: printed on the counter sheet.', rule: '8', at: at('2ww/units.json'), bots: true },
];

describe('gapGroups', () => {
  it('groups the gaps by category in the order the report lists them, naming each', () => {
    const groups = gapGroups(GAPS, '');
    expect(groups.map((g) => [g.name, g.total, g.shown.length])).toEqual([
      ['The ruleset as a whole', 1, 1],
      ['Map', 1, 1],
      ['Units', 2, 2],
      ['Tables', 1, 1],
    ]);
    expect(gapsCounted(groups)).toBe('5 gaps in 4 categories');
    expect(gapsCounted(gapGroups(GAPS.slice(1, 2), ''))).toBe('1 gap in 1 category');
    expect(gapsCounted([])).toBe('No gaps');
  });

  it('keeps the gaps holding every word of a search, in any order and case: rule numbers, what is missing, pointers, documents', () => {
    const shown = (q: string, onlyBots = false) => gapGroups(GAPS, q, onlyBots).flatMap((g) => g.shown.map((s) => s.pointer));
    expect(shown('COUNTER sheet')).toEqual(['/gaps/1', '/unitTypes/armor/movement']);
    expect(shown('sheet movement')).toEqual(['/unitTypes/armor/movement']);
    expect(shown('8.1.2')).toEqual(['/map/hexes/1316/gaps/0']);
    expect(shown('combat.json')).toEqual(['/tables/combat/cells/1/2']);
    expect(shown('xylophone')).toEqual([]);
    // A group keeps its count of all when none of its gaps match.
    expect(gapGroups(GAPS, 'xylophone').map((g) => g.total)).toEqual([1, 1, 2, 1]);
    expect(shown('', true)).toEqual(['/unitTypes/armor/movement', '/tables/combat/cells/1/2']);
    expect(shown('counter', true)).toEqual(['/unitTypes/armor/movement']);
    expect(matching(2, 5)).toBe('2 of 5 match');
    expect(matching(0, 5)).toBe('none of 5 match');
  });
});

describe('botWords', () => {
  it('says how many the bots stop at and why the others do not count on the play page', () => {
    expect(botWords(GAPS)).toBe(
      'Bots stop at 2 of these 5, the values missing from the tables, unit types and mechanics, which only a person can settle: the count the play page and the launch dialog give for bots. The other 3 (ruleset-wide and map gaps, and notes of what the text leaves out) do not keep bots from playing.',
    );
    expect(botWords(GAPS.filter((g) => g.bots))).toBe('Bots stop at all 2, the values missing from the tables, unit types and mechanics, which only a person can settle: the count the play page and the launch dialog give for bots.');
    expect(botWords(GAPS.slice(0, 1))).toBe('Bots stop at none of these: no value of the tables, unit types or mechanics is missing.');
    expect(botWords([])).toBeUndefined();
  });
});

describe('where a gap is', () => {
  it('names what it is about and whether this ruleset or the one it extends writes it', () => {
    expect(subjectOf('/map/hexes/1316/gaps/0')).toBe('/map/hexes/1316');
    expect(subjectOf('/gaps/6')).toBe('');
    expect(subjectOf('/unitTypes/armor/movement')).toBe('/unitTypes/armor/movement');
    expect(placeOf(at('2ww/tables/combat.json'), '2ww')).toEqual({ own: 'tables/combat.json' });
    expect(placeOf(at('2ww/map.json'), 'the-big-one')).toEqual({ elsewhere: '2ww/map.json', ruleset: '2ww' });
    expect(placeOf(null, '2ww')).toBeUndefined();
  });
});
