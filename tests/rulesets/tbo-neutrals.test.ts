// The Big One (provisional fill) as a playtester found it at neutral borders: the unit whose move invades
// a neutral stops in its zones as they then stand (II.E.4, II.E.1), no Allied unit, Poland's too,
// enters the neutral USSR (X.D.1), while the USSR's own units set up there, a neutral's units move for nobody (II.C.2), and a rail move, its rule missing, keeps 2WW's limits under the fill; and, in Winter, the minor powers alone spend their point (V.A.3).
import { describe, expect, it } from 'vitest';
import type { Game } from '@/engine/game';
import { act, eventsOf, lastEvents, playTo, put, refusal } from '../engine/play';
import { filled } from './filled';
import { labelActions } from '@/engine/game/bots';

const { game } = filled('rulesets/the-big-one');

/** The position with no Axis unit, nor its zone, about Bern (1709). */
const clearAboutBern = (g: Game, s: Parameters<Game['legalActions']>[0]) => {
  const near = new Set(['1607', '1608', '1609', '1707', '1708', '1709', '1710', '1711', '1807', '1808', '1809', '1810', '1811', '1907', '1908', '1909', '1910'].map((h) => `hex:${h}`));
  for (const u of Object.values(s.units)) if (s.powers[u.power]?.side === 'axis' && near.has(u.at)) s = put(g, s, u.id, 'pool');
  return s;
};

const movesOf = (g: Game, s: Parameters<Game['legalActions']>[0], side: string, unit: string) =>
  g.legalActions(s, side).flatMap((a) => (a.type === 'move' && a.unit === unit ? [a.to] : []));

describe('The Big One at neutral borders (provisional fill)', () => {
  it('sets up the Soviet border group in the USSR, which the Allies may not enter', () => {
    const g = game();
    const s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    expect(s.tasks).toEqual([]);
    expect(g.rules.countryOf(s.units['su-1t-armor'].at)).toBe('ussr');
  });

  it('stops the unit whose move invades a neutral where it enters the neutral\'s zone (II.E.4, II.E.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'poland-inf-1', 'hex:2005');
    s = put(g, s, 'ge-1-armor', 'hex:2007');
    expect(s.powers.poland.status).toBe('neutral');
    s = act(g, s, { type: 'move', side: 'axis', unit: 'ge-1-armor', to: 'hex:2006' });
    expect(s.powers.poland.side).toBe('allies');
    expect(movesOf(g, s, 'axis', 'ge-1-armor')).toEqual([]);
    expect(refusal(g, s, { type: 'move', side: 'axis', unit: 'ge-1-armor', to: 'hex:2007' }).message).toMatch(/has stopped for this step/);
  });

  it("says a neutral's unit does not move, rather than who commands it, to a side that tries (II.C.2)", () => {
    const g = game();
    const s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    const portuguese = Object.values(s.units).find((u) => u.power === 'portugal' && u.at.startsWith('hex:'))!;
    const refused = refusal(g, s, { type: 'move', side: 'axis', unit: portuguese.id, to: portuguese.at });
    expect(refused).toMatchObject({ code: 'frozen' });
    expect(refused.message).toMatch(/does not move: Portugal's status is neutral/);
  });

  it('keeps a rail move, whose rule the text lacks, out of a neutral country under the provisional fill (as 2WW 8.1.2)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'ge-18-inf', 'hex:1808');
    expect(g.rules.countryOf('hex:1606')).toBe('netherlands');
    let r = g.applyAction(s, { type: 'move', side: 'axis', unit: 'ge-18-inf', to: 'hex:1606', rail: true });
    if (r.ok && r.question) r = g.applyAction(r.state, { type: 'answer', key: r.question.key, value: 20 });
    expect(r.ok ? 'moved' : r.refusal.message).toMatch(/^18th Infantry cannot reach hex 1606 \(Amsterdam\) by rail: Netherlands' status is neutral, which rail movement excludes$/);
    expect(s.powers.netherlands.status).toBe('neutral');
  });

  it('asks for the missing rail distance as a whole number, 0 or more, refusing 2.5 and -1 (VI.A.2)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'ge-18-inf', 'hex:1808');
    const asked = g.applyAction(s, { type: 'move', side: 'axis', unit: 'ge-18-inf', to: 'hex:1807', rail: true });
    if (!asked.ok || !asked.question) throw new Error('the rail distance is asked for');
    expect(asked.question).toMatchObject({ key: '/mechanics/movement/rail/distance', whole: true });
    for (const value of [2.5, -1]) {
      const r = g.applyAction(asked.state, { type: 'answer', key: asked.question.key, value });
      expect(r.ok ? 'taken' : r.refusal).toMatchObject({ code: 'bad-answer', message: `the answer must be a whole number, 0 or more, not ${value}` });
    }
    expect(g.applyAction(asked.state, { type: 'answer', key: asked.question.key, value: 3 }).ok).toBe(true);
  });

  it('bars the Poles from the neutral USSR as it bars the Western Allies (X.D.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'ge-1-armor', 'hex:2007');
    s = act(g, s, { type: 'move', side: 'axis', unit: 'ge-1-armor', to: 'hex:2006' });
    s = playTo(g, s, 'd2-movement', 'allies', 1);
    s = put(g, s, 'poland-inf-2', 'hex:2206');
    expect(s.powers.ussr.status).toBe('limited-neutral');
    expect(movesOf(g, s, 'allies', 'poland-inf-2').filter((at) => g.rules.countryOf(at) === 'ussr')).toEqual([]);
    const refused = refusal(g, s, { type: 'move', side: 'allies', unit: 'poland-inf-2', to: 'hex:2307' });
    expect(refused.cite.rule).toBe('X.D.1');
  });
});

describe('The Big One: zones at neutral borders as the acceptance round found them (provisional fill)', () => {
  it("reaches no enemy zone into neutral Italy for the Axis's own Italian units, whose moves invade nothing (II.E.4, X.A.1)", () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, put(g, s, 'fr-1-inf', 'hex:1711'), 'it-1-armor', 'hex:1911');
    expect(s.powers.italy.status).toBe('limited-neutral');
    const moved = act(g, s, { type: 'move', side: 'axis', unit: 'it-1-armor', to: 'hex:1810' });
    expect(moved.step.stopped).not.toContain('it-1-armor');
    expect(moved.powers.italy.status).toBe('limited-neutral');
  });

  it("keeps an air unit whose flight would invade the Netherlands out of the Dutch zone that springs up (II.E.4, VI.B)", () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'ge-2-air', 'hex:1808');
    expect(g.rules.countryOf('hex:1606')).toBe('netherlands');
    // Amsterdam (1606) lies beside the Dutch infantry: flying in invades, and the Dutch zone bars it at once.
    const via = ['hex:1708', 'hex:1707', 'hex:1606', 'hex:1507', 'hex:1508'];
    expect(refusal(g, s, { type: 'move', side: 'axis', unit: 'ge-2-air', to: 'hex:1508', path: via })).toMatchObject({ code: 'zoc-barred' });
    const moved = act(g, s, { type: 'move', side: 'axis', unit: 'ge-2-air', to: 'hex:1508' });
    expect(eventsOf(lastEvents(moved), 'move')[0].path).not.toContain('hex:1606');
    expect(moved.powers.netherlands.status).toBe('neutral');
  });

  it('lets the Axis invade Belgium by its coast, the hex the provisional fill gives it beside the one its infantry fills (II.G.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    expect(g.rules.countryOf('hex:1507')).toBe('belgium');
    s = put(g, put(g, s, 'belgium-inf', 'hex:1607'), 'ge-1-armor', 'hex:1508');
    const moved = act(g, s, { type: 'move', side: 'axis', unit: 'ge-1-armor', to: 'hex:1507' });
    expect(moved.powers.belgium.status).not.toBe('neutral');
  });

  it('says in the label of a move whose route invades a neutral which one it invades, and nothing of an enemy at war', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, put(g, s, 'ge-1-armor', 'hex:2007'), 'ge-2-air', 'hex:1808');
    expect(g.rules.countryOf('hex:1609')).toBe('france');
    expect(labelActions(g, s, [{ type: 'move', side: 'axis', unit: 'ge-1-armor', to: 'hex:2006' }, { type: 'move', side: 'axis', unit: 'ge-2-air', to: 'hex:1609' }])).toEqual([
      'Move 1st Armor (Germany) 2007 → 2006 (1 MP; invades Poland)',
      'Move 2nd Air (Germany) 1808 → 1609 (2 MP)',
    ]);
  });

  it('names no invasion in the label of a move into a power at war, whose triggers wait for its neutrality (X.A.1)', () => {
    const g = game();
    let s = clearAboutBern(g, playTo(g, g.initial, 'd2-movement', 'allies', 1));
    s = put(g, s, 'fr-1-air', 'hex:1609');
    const into = { type: 'move', side: 'allies', unit: 'fr-1-air', to: 'hex:1710' } as const;
    expect(g.rules.countryOf('hex:1710')).toBe('italy');
    expect(labelActions(g, s, [into])[0]).toMatch(/; invades Italy\)$/);
    s = act(g, s, { type: 'manual', op: { op: 'setStatus', power: 'italy', status: 'at-war' } });
    expect(labelActions(g, s, [into])[0]).toMatch(/\(\d MP\)$/);
  });

  it('says in the label of a retreat into a neutral that it invades it (II.G.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c3-combat', 'axis', 1);
    s = put(g, s, 'it-2-inf', 'hex:1911');
    expect(g.rules.countryOf('hex:2010')).toBe('yugoslavia');
    expect(labelActions(g, s, [{ type: 'retreat', side: 'axis', unit: 'it-2-inf', to: 'hex:2010' }])).toEqual(['Retreat 2nd Infantry (Italy) 1911 → 2010 (invades Yugoslavia)']);
  });

  it('lets an air unit fly over Switzerland without invading it, and invade it by ending its move there (II.C.2, II.G.1)', () => {
    const g = game();
    // The shortest way from 1609 to 1808, in Germany, is over Bern.
    let s = clearAboutBern(g, playTo(g, g.initial, 'd2-movement', 'allies', 1));
    s = put(g, s, 'fr-1-air', 'hex:1609');
    expect(g.rules.countryOf('hex:1709')).toBe('switzerland');
    const over = { type: 'move', side: 'allies', unit: 'fr-1-air', to: 'hex:1808' } as const;
    const into = { type: 'move', side: 'allies', unit: 'fr-1-air', to: 'hex:1709' } as const;
    expect(labelActions(g, s, [over, into])).toEqual(['Move 1st Air (France) 1609 → 1808 (2 MP)', 'Move 1st Air (France) 1609 → 1709 (1 MP; invades Switzerland)']);
    const flown = act(g, s, over);
    expect(eventsOf(lastEvents(flown), 'move')[0].text).toMatch(/hex 1709/);
    expect(flown.tracks).toEqual(s.tracks);
    expect(eventsOf(lastEvents(flown), 'trigger')).toEqual([]);
    expect(flown.powers.switzerland).toEqual(s.powers.switzerland);
  });

  it('gives Switzerland to the Allies when an Axis air unit ends its move there, as any neutral invaded (II.G.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'ge-2-air', 'hex:1808');
    s = act(g, s, { type: 'move', side: 'axis', unit: 'ge-2-air', to: 'hex:1709' });
    expect(s.powers.switzerland).toEqual({ side: 'allies', status: 'at-war' });
    expect(eventsOf(lastEvents(s), 'trigger').map((e) => e.text)).toEqual(['Trigger: Switzerland invaded by the Axis (Switzerland invaded by Germany)']);
  });

  it('displaces an air unit to the nearest hex out of enemy land zones, an enemy at war\'s own among them (II.E.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    s = put(g, s, 'ge-2-air', 'hex:1508');
    s = put(g, s, 'fr-3-inf', 'hex:1509');
    // Paris's neighbours 1407 (Britain's, across the Channel) and 1507 are free of Allied units and zones; 1507, neutral
    // Belgium's under the fill, is no place to be displaced to. Before, Britain's and France's hexes were refused too.
    expect(s.units['ge-2-air'].at).toBe('hex:1407');
    expect(s.displaced?.[0]?.options ?? ['hex:1407']).not.toContain('hex:1507');
  });
});

describe('The Big One: the United States before it enters the war (I, V.A.2)', () => {
  it('stacks any number of units in the Atlantic box, where every new US unit is placed: the limits are a hex\'s (II.F.1, V.B.2)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'd2-movement', 'allies', 1);
    for (const unit of ['us-8-air', 'us-9-air', 'us-12-air']) s = put(g, s, unit, 'box:atlantic-land');
    s = act(g, s, { type: 'endStep', side: 'allies' });
    expect(s.losses).toEqual([]);
    for (const unit of ['us-8-air', 'us-9-air', 'us-12-air']) expect(s.units[unit].at, unit).toBe('box:atlantic-land');
  });

  it('buys US units with US points, which stand in the Atlantic box and neither move nor attack until entry', () => {
    const g = game();
    let s = playTo(g, g.initial, 'b3-spend-points', 'allies', 2);
    // Power by power: on to the United States' purchases.
    for (let i = 0; i < 10 && g.status(s).power !== 'usa'; i++) s = act(g, s, { type: 'endStep', side: g.activeSides(s)[0] });
    expect(g.status(s).power).toBe('usa');
    expect(s.powers.usa.status).toBe('not-yet-entered');
    const buy = g.legalActions(s, 'allies').find((a) => a.type === 'buy' && s.units[a.unit]?.power === 'usa');
    expect(buy).toBeDefined();
    const bought = act(g, s, buy!);
    const unit = buy!.type === 'buy' ? buy!.unit : '';
    expect(bought.units[unit].at).toMatch(/^box:/);
    const moving = playTo(g, bought, 'd2-movement', 'allies', 2);
    expect(g.movers(moving, 'allies')).not.toContain(unit);
  });
});

describe('The Big One in Winter (provisional fill)', () => {
  it("has the minor powers spend their Winter point in their own step, where no major power buys (V.A.3, V.B.1)", () => {
    const g = game();
    const s = playTo(g, g.initial, 'b4-minor-winter-points', undefined, 2);
    for (const side of g.activeSides(s)) {
      const buyers = g.legalActions(s, side).flatMap((a) => (a.type === 'buy' || a.type === 'upgrade' ? [s.units[a.unit].power] : []));
      expect(buyers.filter((p) => g.rules.r.powers![p].kind === 'major')).toEqual([]);
    }
  });
});
