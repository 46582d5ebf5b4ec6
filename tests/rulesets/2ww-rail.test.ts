// 2WW (provisional fill) rail movement as 4.2 C.2 words it: "can only enter friendly countries", those its
// side controls (by their capitals), whoever holds each hex; a playtester found it read as friendly-controlled hexes.
// And never into a neutral country (8.1.2), the limited neutrals included while neutral: a playtester's German
// infantry went by rail into neutral Bulgaria (Sofia, 2710), firing the 12.1.2 trigger.
import { describe, expect, it } from 'vitest';
import { prepare } from '@/bin/simulate';
import type { Game, GameState } from '@/engine/game';
import { act, playTo, put, refusal } from '../engine/play';
import { filled } from './filled';

const { game } = filled('rulesets/2ww');

const railTo = (g: Game, s: GameState, unit: string) => g.legalActions(s, 'axis').flatMap((a) => (a.type === 'move' && a.rail && a.unit === unit ? [a.to] : []));
const setControl = (g: Game, s: GameState, location: string, to: string) => act(g, s, { type: 'manual', op: { op: 'setControl', location, to } });

describe('2WW rail movement (provisional fill)', () => {
  it('enters only countries its side controls, whoever holds each hex (4.2 C.2, 8.1.2)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    // No French unit, and so no French zone, on the board: only control decides.
    for (const u of Object.values(s.units)) if (u.power === 'france' && u.at.startsWith('hex:')) s = put(g, s, u.id, 'pool');
    s = put(g, s, 'ge-18-inf', 'hex:1907');
    expect(g.rules.countryOf('hex:1808')).toBe('france');
    // A French hex the Axis holds is no friendly country while France stands.
    s = setControl(g, s, 'hex:1808', 'germany');
    expect(railTo(g, s, 'ge-18-inf').filter((at) => g.rules.countryOf(at) === 'france')).toEqual([]);
    expect(refusal(g, s, { type: 'move', side: 'axis', unit: 'ge-18-inf', to: 'hex:1808', rail: true }).message).toMatch(/by rail: France is not a country its side holds$/);
    // A German hex the Allies hold is still in a friendly country.
    const german = railTo(g, s, 'ge-18-inf').find((at) => g.rules.countryOf(at) === 'germany' && !Object.values(s.units).some((u) => u.at === at))!;
    s = setControl(g, s, german, 'france');
    expect(railTo(g, s, 'ge-18-inf')).toContain(german);
    // Paris taken, France is the Axis's: its hexes may be entered by rail, those the Allies hold too.
    s = setControl(g, s, g.rules.placeLoc.get('paris')!, 'germany');
    s = setControl(g, s, 'hex:1808', 'france');
    s = act(g, s, { type: 'move', side: 'axis', unit: 'ge-18-inf', to: 'hex:1808', rail: true });
    expect(s.units['ge-18-inf'].at).toBe('hex:1808');
  });

  it("keeps a side's own country friendly while one of its capitals is lost, until it is conquered (3.4.1, 5.3.2)", () => {
    const g = game();
    let s = playTo(g, g.initial, 'd2-movement', 'allies', 1);
    s = act(g, s, { type: 'manual', op: { op: 'setStatus', power: 'ussr', status: 'at-war' } });
    s = put(g, s, 'su-3-inf', 'hex:2903');
    const soviet = (st: GameState) => g.legalActions(st, 'allies').filter((a) => a.type === 'move' && a.rail && a.unit === 'su-3-inf' && g.rules.countryOf(a.to) === 'ussr').length;
    const before = soviet(s);
    expect(before).toBeGreaterThan(10);
    // Leningrad falls: the USSR, with two capitals of three, is conquered by none, and still the Allies' own.
    s = setControl(g, s, g.rules.placeLoc.get('leningrad')!, 'germany');
    expect(soviet(s)).toBe(before);
  });

  it('enters no limited neutral while it is neutral: Italy (but for Italian units), the Axis minors, the USSR (8.1.2 "Not in a neutral country", 3.4.2, 12.1.1, 12.1.2, 12.4.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'ge-18-inf', 'hex:2208');
    const limited = ['italy', 'hungary', 'rumania', 'bulgaria', 'finland', 'ussr'];
    for (const power of limited) expect(s.powers[power].status, power).toBe('limited-neutral');
    const into = (s: GameState) => railTo(g, s, 'ge-18-inf').map((at) => g.rules.countryOf(at));
    expect(into(s).length).toBeGreaterThan(5);
    expect(into(s).filter((c) => ['italy', 'albania', 'libya', ...limited].includes(c ?? ''))).toEqual([]);
    // Italian units go by rail in Italy while it is neutral: the Axis "can move Italian units in any way it wishes" (12.1.1).
    const rome = g.rules.placeLoc.get('rome')!;
    const italian = put(g, s, 'it-2-inf', rome);
    expect(railTo(g, italian, 'it-2-inf').filter((at) => g.rules.countryOf(at) === 'italy').length).toBeGreaterThan(3);
    expect(into(italian).filter((c) => c === 'italy')).toEqual([]);
    // A playtester's rail move to Sofia, which fired the 12.1.2 trigger, is refused while Bulgaria is neutral.
    expect(refusal(g, s, { type: 'move', side: 'axis', unit: 'ge-18-inf', to: 'hex:2710', rail: true }).message).toMatch(/by rail: Bulgaria's status is limited neutrality, which rail movement excludes$/);
    // Once Axis units have entered Hungary, Rumania and Bulgaria (their neutrality ended by triggers/*-entered-or-left-by-axis), rail may follow.
    for (const power of ['hungary', 'rumania', 'bulgaria']) s = act(g, s, { type: 'manual', op: { op: 'setStatus', power, status: 'at-war' } });
    s = act(g, s, { type: 'move', side: 'axis', unit: 'ge-18-inf', to: 'hex:2710', rail: true });
    expect(s.units['ge-18-inf'].at).toBe('hex:2710');
  });

  it('keeps The Big One\'s provisional rail limits the same (its rail rule is missing: VI.A.2)', () => {
    const tbo = prepare({ ruleset: 'rulesets/the-big-one', apply: ['provisional-fill'] });
    expect((tbo.ruleset.mechanics?.movement as { rail?: { excludes?: { ofStatuses?: string[] } } } | undefined)?.rail?.excludes?.ofStatuses).toEqual(['neutral', 'limited-neutral']);
  });
});

