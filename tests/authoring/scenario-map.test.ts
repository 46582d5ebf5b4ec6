// The workbench map's calls over the tRPC caller, on a copy of the fixture rulesets: a scenario's counters,
// moving a setup unit (checked as a player's placement is checked in play), and what a condition names on
// the board and whether it holds at the start.
import fs from 'node:fs';
import path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { pathOfPointer } from '@/engine/json/document';
import { counterHtml } from '@/editor/play/counters';
import { dragHint, fixedWhy } from '@/editor/workbench/scenario-drag';
import { appRouter } from '@/server/router';
import { fixtureCopy } from './tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});
const read = (p: string) => fs.readFileSync(path.join(root, 'skirmish', p), 'utf8');
const move = (index: number, to: string, documents: Record<string, string> = {}) => caller.scenarioMap.move({ id: 'skirmish', scenario: 'campaign', index, to, documents });
const match = (pointer: string, documents: Record<string, string> = {}) => caller.scenarioMap.match({ id: 'skirmish', scenario: 'campaign', pointer, documents });

describe('scenarioMap.placements', () => {
  it('gives each placement where it starts, or the constraint its owner places it within, and where it is written', async () => {
    const board = await caller.scenarioMap.placements({ id: 'skirmish' });
    expect(board.scenarios).toEqual([{ id: 'campaign', name: 'The Campaign' }]);
    expect(board.scenario).toBe('campaign');
    expect(board.placements.map((p) => [p.unit, p.at ?? p.constraint])).toEqual([
      ['red-1-inf', 'hex:0101'],
      ['red-2-arm', 'hex:0201'],
      ['blue-1-inf', 'anywhere in Blueland'],
      ['blue-ford-fort', 'hex:0301'],
      ['grey-militia', 'hex:0202'],
    ]);
    expect(board.placements[1]).toMatchObject({ power: 'redland', type: 'armor', count: 1, reduced: true, origin: { document: 'setup.json', pointer: '/scenarios/campaign/placements/1' } });
    expect(board.places).toContainEqual({ id: 'ford', name: 'The Ford', at: 'hex:0301', origin: { document: 'map.json', pointer: '/map/places/ford' } });
  });

  it('says whether the map is of hexes or of areas, which the pane does not draw', async () => {
    expect((await caller.scenarioMap.placements({ id: 'skirmish' })).mapKind).toBe('hex');
    fs.cpSync(path.join(import.meta.dirname, '..', 'fixtures', 'sketches', 'aa-global-1940'), path.join(root, 'aa-global-1940'), { recursive: true });
    const board = await caller.scenarioMap.placements({ id: 'aa-global-1940' });
    expect(board.mapKind).toBe('area');
    expect(board.placements.length).toBeGreaterThan(0);
    expect(board.placements.filter((p) => p.at?.startsWith('hex:'))).toEqual([]);
  });

  it('follows unsaved texts', async () => {
    const setup = read('setup.json').replace('"location": { "hex": "0201" }', '"location": { "hex": "0102" }');
    const board = await caller.scenarioMap.placements({ id: 'skirmish', documents: { 'setup.json': setup } });
    expect(board.placements[1].at).toBe('hex:0102');
  });

  it('marks a provisional placement with its note: its own source, else its scenario’s', async () => {
    const note = 'moved by the designer from hex 0201';
    const setup = JSON.parse(read('setup.json'));
    setup.scenarios.campaign.placements[1].source = { kind: 'provisional', rule: '8.1', note };
    const board = await caller.scenarioMap.placements({ id: 'skirmish', documents: { 'setup.json': JSON.stringify(setup) } });
    expect(board.placements.map((p) => p.provisional)).toEqual([undefined, { note }, undefined, undefined, undefined]);
    // A placement without a source of its own reads its scenario's.
    delete setup.scenarios.campaign.placements[0].source;
    setup.scenarios.campaign.source = { kind: 'provisional', note: 'the designer’s own scenario' };
    const own = await caller.scenarioMap.placements({ id: 'skirmish', documents: { 'setup.json': JSON.stringify(setup) } });
    expect(own.placements[0].provisional).toEqual({ note: 'the designer’s own scenario' });
  });
});

describe('scenarioMap.move', () => {
  it('refuses a location outside the placement constraint, citing it', async () => {
    const moved = await move(2, 'hex:0101');
    expect(moved).toMatchObject({
      ok: false,
      refusal: {
        code: 'placement-constraint',
        message: 'hex 0101 (Red City) is not anywhere in Blueland: not in the countries allowed',
        cite: { pointer: '/scenarios/campaign/placements/2/location/constraint', rule: '8.2' },
        origin: { document: 'setup.json', pointer: '/scenarios/campaign/placements/2/location/constraint' },
      },
    });
  });

  it('gives the new location and the JSON to write it to when the constraint holds, with the placement’s source now the designer’s', async () => {
    expect(await move(2, 'hex:0402')).toEqual({
      ok: true,
      location: { hex: '0402' },
      origin: { document: 'setup.json', pointer: '/scenarios/campaign/placements/2/location' },
      // The rulebook left the hex to the owner: the hex chosen is the designer's, refining the rule that says where it may be.
      source: {
        origin: { document: 'setup.json', pointer: '/scenarios/campaign/placements/2/source' },
        value: { kind: 'provisional', rule: '8.2', note: 'placed by the designer within: anywhere in Blueland' },
      },
    });
  });

  it('makes a moved placement the designer’s: the rule and its words kept, where the data had it in the note', async () => {
    const setup = JSON.parse(read('setup.json'));
    const placements = setup.scenarios.campaign.placements;
    placements[1].source = { kind: 'rulebook', rule: '8.1', quote: 'Red armor in 0201' };
    placements[2].source = { kind: 'inference', rule: '8.2', note: 'the map shows it there' };
    delete placements[4].source;
    const documents = { 'setup.json': JSON.stringify(setup) };
    const sourceOf = async (index: number, to: string) => {
      const moved = await move(index, to, documents);
      return moved.ok ? moved.source?.value : moved.refusal;
    };
    expect(await sourceOf(1, 'hex:0102')).toEqual({ kind: 'provisional', rule: '8.1', quote: 'Red armor in 0201', note: 'moved by the designer from hex 0201' });
    expect(await sourceOf(2, 'hex:0402')).toEqual({ kind: 'provisional', rule: '8.2', note: 'placed by the designer within: anywhere in Blueland (inference before: the map shows it there)' });
    // A placement without a source of its own had its scenario's.
    expect(await sourceOf(4, 'hex:0102')).toEqual({ kind: 'provisional', rule: '8', note: 'moved by the designer from hex 0202' });
    // A choice the designer made already is left as it says.
    placements[1].source = { kind: 'provisional', note: 'moved by the designer from hex 0201' };
    const again = await move(1, 'hex:0102', { 'setup.json': JSON.stringify(setup) });
    expect(again).toMatchObject({ ok: true, location: { hex: '0102' } });
    expect(again).not.toHaveProperty('source');
  });

  it('keeps naming a place where the new hex has one', async () => {
    expect(await move(0, 'hex:0401')).toMatchObject({ ok: true, location: { place: 'blue-city' } });
    expect(await move(1, 'hex:0401')).toMatchObject({ ok: true, location: { hex: '0401' } });
  });

  it('checks a fixed placement as play does: the unit’s place restriction, the terrain it may enter', async () => {
    expect(await move(3, 'hex:0302')).toMatchObject({ ok: false, refusal: { code: 'place-restriction', cite: { pointer: '/roster/blue-ford-fort/placeRestriction' } } });
    expect(await move(1, 'hex:0103')).toMatchObject({ ok: false, refusal: { code: 'terrain' } });
  });

  it('checks against the unsaved constraint', async () => {
    const setup = read('setup.json').replace('"inCountries": ["blueland"]', '"inCountries": ["redland"]');
    expect(await move(2, 'hex:0102', { 'setup.json': setup })).toMatchObject({ ok: true, location: { hex: '0102' } });
    // Into a hex held by the other side's units, as in play.
    expect(await move(2, 'hex:0101', { 'setup.json': setup })).toMatchObject({ ok: false, refusal: { code: 'hostile-units' } });
  });

  it('refuses a hex not on the map and a placement that does not exist, and rejects what is not a location', async () => {
    expect(await move(2, 'hex:9999')).toMatchObject({ ok: false, refusal: { code: 'not-on-board' } });
    expect(await move(40, 'hex:0101')).toMatchObject({ ok: false, refusal: { code: 'no-placement' } });
    await expect(move(2, 'pool')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('scenarioMap.match', () => {
  it('names the places of a condition and whether each holds at the start', async () => {
    expect(await match('/victory/levels/0/condition')).toEqual({
      holds: false,
      named: [{ kind: 'place', id: 'blue-city', at: ['hex:0401'], asks: { what: 'control', party: 'red' }, holds: false }],
    });
  });

  it('takes a country as all its hexes, controlled through its capital; a `not` turns each part round', async () => {
    const victory = JSON.parse(read('victory.json'));
    victory.victory.levels[0].condition = { op: 'not', of: { op: 'controls', by: 'blue', countries: ['blueland'] } };
    victory.victory.levels[1].condition = { op: 'present', of: 'red', places: ['red-city', 'ford'] };
    const documents = { 'victory.json': JSON.stringify(victory) };
    expect(await match('/victory/levels/0/condition', documents)).toEqual({
      holds: false,
      named: [{ kind: 'country', id: 'blueland', at: ['hex:0301', 'hex:0302', 'hex:0401', 'hex:0402'], asks: { what: 'control', party: 'blue' }, holds: false }],
    });
    const present = await match('/victory/levels/1/condition', documents);
    expect(present.holds).toBe(true);
    expect(present.named.map((n) => [n.id, n.holds])).toEqual([['red-city', true], ['ford', false]]);
  });

  it('does not roll dice, and says so', async () => {
    const rules = JSON.parse(read('rules.json'));
    const [id] = Object.keys(rules.triggers);
    rules.triggers[id].condition = { op: 'roll', dice: 1, sides: 6, cmp: '>=', value: 4 };
    expect(await match(`/triggers/${id}/condition`, { 'rules.json': JSON.stringify(rules) })).toEqual({ why: 'it depends on a die roll', named: [] });
  });

  it('leaves a condition with errors alone, and refuses a pointer with no condition', async () => {
    const victory = JSON.parse(read('victory.json'));
    victory.victory.levels[0].condition = { op: 'all' };
    expect(await match('/victory/levels/0/condition', { 'victory.json': JSON.stringify(victory) })).toEqual({ why: 'the condition has errors: see its markers', named: [] });
    await expect(match('/victory/levels/9/condition')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('pathOfPointer', () => {
  it('reads a digit segment as an index only inside an array', () => {
    const tree = parseTree('{ "hexes": { "0101": {} }, "list": [{ "a": 1 }] }');
    expect(pathOfPointer(tree, '/hexes/0101')).toEqual(['hexes', '0101']);
    expect(pathOfPointer(tree, '/list/0/a')).toEqual(['list', 0, 'a']);
    expect(pathOfPointer(tree, '/list/3/b')).toEqual(['list', 3, 'b']);
  });
});

describe('a variant’s scenario map', () => {
  it('marks the placements the ruleset it extends writes as not movable, and says so up front', async () => {
    const board = await caller.scenarioMap.placements({ id: 'skirmish-errata' });
    expect(board.extended).toBe('skirmish');
    expect(board.placements.length).toBeGreaterThan(0);
    expect(board.placements.every((p) => !p.movable)).toBe(true);
    // A drag of one would be refused; the pane says so before, and does not invite the drag.
    expect(await caller.scenarioMap.move({ id: 'skirmish-errata', scenario: 'campaign', index: 0, to: 'hex:0102' })).toMatchObject({ ok: false, refusal: { code: 'not-this-ruleset' } });
    expect(dragHint(board.placements, board.extended)).toBe(
      '4 counters on the map, 1 off it. Every placement here is written by the ruleset this one extends (skirmish): change them there, or with errata (the counters do not move). Click anything for its JSON.',
    );
    const own = await caller.scenarioMap.placements({ id: 'skirmish' });
    expect(own.extended).toBeNull();
    expect(own.placements.every((p) => p.movable)).toBe(true);
    expect(dragHint(own.placements, null)).toMatch(/Drag a counter to move it/);
    expect(dragHint([{ at: 'hex:0101', movable: true }, { at: 'hex:0102', movable: false }], 'skirmish')).toMatch(/Drag this ruleset’s counters to move them; the 1 placed by the ruleset this one extends \(skirmish\) are changed there, or with errata/);
  });

  it('draws a fixed counter not draggable, saying why in its tooltip', () => {
    const counter = { id: 'a', type: 'infantry', power: 'red', color: '#800', reduced: false, at: 'hex:0101', name: 'A', label: 'A', whose: 'Infantry, Red', powerName: 'Red', placement: 0 };
    expect(counterHtml([{ ...counter, fixed: fixedWhy("skirmish") }])).toMatch(/class="play-counter fixed" data-unit="a" data-placement="0" data-fixed="" [^>]*title="A: Infantry, Red\. Placed by the ruleset this one extends \(skirmish\): move it there, or with errata"/);
    expect(counterHtml([counter])).not.toContain('data-fixed');
  });
});
