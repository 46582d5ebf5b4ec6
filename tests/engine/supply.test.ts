import { describe, expect, it } from 'vitest';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import type { GameState } from '@/engine/game';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, refusal } from './play';

type Spot = [unit: string, power: string, hex: string];
const arranged = (spots: Spot[], change?: (r: ResolvedRuleset) => void) => {
  const r = fixture('ridge');
  r.scenarios!.campaign.placements = spots.map(([unit, power, hex]) => ({ power, unit, location: { hex } }));
  r.scenarios!.campaign.reinforcements = [];
  change?.(r);
  return r;
};
/** The state just after the first supply step: every side ends its steps until supply has been traced. */
const traced = (r: ResolvedRuleset): GameState => {
  const game = newGame(r);
  let s = game.initial;
  while (supplyEvents(s).length === 0) s = act(game, s, { type: 'endStep', side: game.activeSides(s)[0] });
  return s;
};
const supplyEvents = (s: GameState) => s.log.flatMap((e) => eventsOf(e.events, 'supply'));

describe('supply: a path to a source', () => {
  it('traces from each unit to a friendly capital within the longest path', () => {
    // From Crimson City (0101): 0501 is 4 hexes away, 0603 is 5.
    const s = traced(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0603'], ['azure-fort', 'azure', '0601']]));
    expect(s.units['crimson-1'].supplied).toBe(true);
    expect(s.units['crimson-2'].supplied).toBe(false);
    // Fortifications never need supply.
    expect(s.units['azure-fort'].supplied).toBeUndefined();
    expect(supplyEvents(s).map((e) => e.text)).toEqual([
      '2nd Crimson Horse at hex 0603 (Azure Port) is out of supply: no line within the longest path leads to hex 0101 (Crimson City) through locations free of hostile units, changing between land and sea only at a friendly port',
      'Supply traced: 1 unit in supply, 1 out',
    ]);
  });

  it('is blocked by hostile units and by hostile zones, though a unit may stand in one', () => {
    // Azure infantry at 0203: its zone covers 0102, 0103, 0202, 0302 and 0303 (and the sea).
    const s = traced(arranged([['azure-2', 'azure', '0203'], ['crimson-1', 'crimson', '0102'], ['crimson-2', 'crimson', '0103'], ['crimson-3', 'crimson', '0302']]));
    // 0102 is in the zone but next to the capital: the path enters no zone hex but the unit's own.
    expect(s.units['crimson-1'].supplied).toBe(true);
    // 0103 can only be reached through 0102 or 0202, both in the zone.
    expect(s.units['crimson-2'].supplied).toBe(false);
    expect(supplyEvents(s).map((e) => e.text)).toContain('2nd Crimson Horse at hex 0103 (Crimson Port) is out of supply: hostile zones of control bar every line to hex 0101 (Crimson City)');
    // 0302 via 0201 → 0301 → 0302: only the unit's own hex is in the zone.
    expect(s.units['crimson-3'].supplied).toBe(true);
  });

  it('passes hostile units of the classes that do not block it, where the model names those that do', () => {
    // Every path of four hexes from Crimson City (0101) to 0501 passes 0401 or 0402, where Azure forts stand (forts project no zone here).
    const forts = (r: ResolvedRuleset) => (r.roster!['azure-fort-2'] = { name: 'Azure Redoubt', power: 'azure', type: 'fort' });
    const spots: Spot[] = [['crimson-1', 'crimson', '0501'], ['azure-fort', 'azure', '0401'], ['azure-fort-2', 'azure', '0402']];
    expect(traced(arranged(spots, forts)).units['crimson-1'].supplied).toBe(false);
    const onlyLand = traced(arranged(spots, (r) => (forts(r), (r.mechanics!.supply!.blockedByUnitsOf = ['land']))));
    expect(onlyLand.units['crimson-1'].supplied).toBe(true);
  });

  it('passes a zone where a friendly unit of its class stands, where the model says so', () => {
    const spots: Spot[] = [['azure-2', 'azure', '0203'], ['crimson-1', 'crimson', '0102'], ['crimson-2', 'crimson', '0103']];
    // Crimson-1 in 0102 opens Azure's zone there: 0103 traces 0103 → 0102 → 0101.
    const opened = traced(arranged(spots, (r) => (r.mechanics!.supply!.openedByFriendly = true)));
    expect(opened.units['crimson-2'].supplied).toBe(true);
    // A fleet is no land unit: it opens no land zone.
    const byFleet = traced(arranged([['azure-2', 'azure', '0203'], ['crimson-fleet', 'crimson', '0102'], ['crimson-2', 'crimson', '0103']], (r) => (r.mechanics!.supply!.openedByFriendly = true)));
    expect(byFleet.units['crimson-2'].supplied).toBe(false);
    expect(traced(arranged(spots)).units['crimson-2'].supplied).toBe(false);
    // A fort opens no land zone, unless the model lets it as a land unit does.
    const fortified = (alsoBy?: boolean) =>
      traced(
        arranged([['azure-2', 'azure', '0203'], ['crimson-fort', 'crimson', '0102'], ['crimson-2', 'crimson', '0103']], (r) => {
          r.roster!['crimson-fort'] = { name: 'Crimson Redoubt', power: 'crimson', type: 'fort' };
          r.mechanics!.supply!.openedByFriendly = true;
          if (alsoBy) r.mechanics!.zoc!.openedAlsoBy = { land: ['fortification'] };
        }),
      ).units['crimson-2'].supplied;
    expect(fortified()).toBe(false);
    expect(fortified(true)).toBe(true);
  });

  it('leaves units in off-map boxes in supply, but those a box rule names, in supply only while its condition holds', () => {
    const boxed = (rule: boolean, townHeld: boolean) =>
      traced(
        arranged([], (r) => {
          r.scenarios!.campaign.placements = [{ power: 'azure', unit: 'azure-2', location: { box: 'reserve' } }];
          if (rule) r.mechanics!.supply!.inBoxes = [{ sides: ['blue'], kinds: ['infantry'], while: { op: 'controls', by: 'blue', places: ['azure-town'] }, source: { kind: 'rulebook', rule: '7.4' } }];
          if (!townHeld) r.scenarios!.campaign.control = [{ by: 'red', places: ['azure-town'] }];
        }),
      );
    expect(boxed(false, false).units['azure-2'].supplied).toBeUndefined();
    expect(boxed(true, true).units['azure-2'].supplied).toBe(true);
    const out = boxed(true, false);
    expect(out.units['azure-2'].supplied).toBe(false);
    expect(supplyEvents(out)[0].text).toMatch(/is out of supply: in an off-map box it is in supply only while the condition of rule 7\.4 holds, which it does not$/);
  });

  it('changes between land and sea only at friendly ports', () => {
    // The fleet at 0304 traces 0304 → 0204 → 0103 (port: onto land) → 0102 → 0101: 4 steps. At 0404 it is 5.
    const s = traced(arranged([['crimson-fleet', 'crimson', '0304'], ['crimson-1', 'crimson', '0101']]));
    expect(s.units['crimson-fleet'].supplied).toBe(true);
    const far = traced(arranged([['crimson-fleet', 'crimson', '0404']]));
    expect(far.units['crimson-fleet'].supplied).toBe(false);
    // Without the port, the sea never connects to the capital.
    const noPort = traced(arranged([['crimson-fleet', 'crimson', '0104']], (r) => delete r.mechanics!.supply!.changeMediumAt));
    expect(noPort.units['crimson-fleet'].supplied).toBe(false);
    // Only at a friendly port: held by the other side, Crimson Port changes no line's medium.
    const lost = traced(arranged([['crimson-fleet', 'crimson', '0304'], ['crimson-1', 'crimson', '0101']], (r) => (r.scenarios!.campaign.control = [{ by: 'blue', places: ['crimson-port'] }])));
    expect(lost.units['crimson-fleet'].supplied).toBe(false);
  });

  it('enters no neutral country whose entry would invade it, where the model says so', () => {
    // Zones aside, Azure infantry in 0402 leaves crimson-1 in 0403 two lines home: both through neutral Slate (0302, 0303).
    const through = (blockedByNeutrals: boolean) =>
      traced(
        arranged([['crimson-1', 'crimson', '0403'], ['azure-2', 'azure', '0402']], (r) => {
          r.mechanics!.zoc!.outside = { statuses: ['neutral'] };
          Object.assign(r.mechanics!.supply!, { blockedByZocOf: [], blockedByNeutrals });
        }),
      );
    expect(through(false).units['crimson-1'].supplied).toBe(true);
    const barred = through(true);
    expect(barred.units['crimson-1'].supplied).toBe(false);
    expect(supplyEvents(barred)[0].text).toMatch(/is out of supply: no line within the longest path leads to .* through locations free of hostile units and outside neutral countries/);
  });

  it('lets a line leave a friendly port in a hostile zone by either medium: a fleet there traces over land', () => {
    // Azure's zone covers Crimson Port (0103) and 0102, which crimson-1 opens: the fleet's line changes to land in its own port and leaves it.
    const s = traced(arranged([['azure-2', 'azure', '0203'], ['crimson-1', 'crimson', '0102'], ['crimson-fleet', 'crimson', '0103']], (r) => (r.mechanics!.supply!.openedByFriendly = true)));
    expect(s.units['crimson-fleet'].supplied).toBe(true);
  });

  it('ends a line at a source its side holds whatever zone covers it, or there too blocks it where the model says so', () => {
    // Azure infantry at 0201 covers Crimson City (0101), 0202 and 0301. 0102's only ways home are 0101 and 0202 (in the zone) and
    // 0103 and 0203, reached from 0101 only through 0102 itself: every line from 0102 ends in the covered capital.
    const home = (spots: Spot[], change?: (supply: NonNullable<NonNullable<ResolvedRuleset['mechanics']>['supply']>) => void) =>
      traced(arranged([['azure-2', 'azure', '0201'], ...spots], (r) => change?.(r.mechanics!.supply!)));
    expect(home([['crimson-1', 'crimson', '0102']]).units['crimson-1'].supplied).toBe(true);
    expect(home([['crimson-1', 'crimson', '0102']], (m) => (m.blockedAtSources = false)).units['crimson-1'].supplied).toBe(true);
    const barred = home([['crimson-1', 'crimson', '0102'], ['crimson-3', 'crimson', '0101']], (m) => (m.blockedAtSources = true));
    expect(barred.units['crimson-1'].supplied).toBe(false);
    expect(supplyEvents(barred)[0].text).toBe('1st Crimson Foot at hex 0102 is out of supply: hostile zones of control bar every line to hex 0101 (Crimson City)');
    // A unit standing on the source traces to it, its zone or not.
    expect(barred.units['crimson-3'].supplied).toBe(true);
    // A friendly land unit there opens the zone, where the model says so: the line ends there again.
    const opened = home([['crimson-1', 'crimson', '0102'], ['crimson-3', 'crimson', '0101']], (m) => Object.assign(m, { blockedAtSources: true, openedByFriendly: true }));
    expect(opened.units['crimson-1'].supplied).toBe(true);
  });

  it('needs the source to be held by the unit\'s side', () => {
    const r = arranged([['crimson-1', 'crimson', '0102']], (x) => { x.scenarios!.campaign.control = [{ by: 'blue', places: ['crimson-city'] }]; });
    expect(traced(r).units['crimson-1'].supplied).toBe(false);
    expect(supplyEvents(traced(r))[0].text).toMatch(/is out of supply: Red holds none of its sources \(hex 0101 \(Crimson City\), hex 0601 \(Azure City\)\)$/);
  });

  it('traces only to the power\'s own capital, or the kinds of place named for it, where the model says so', () => {
    // Red has taken Azure City, beside crimson-1 in 0602; Crimson City is five hexes away, past the longest path of 4.
    const taken = (change?: (r: ResolvedRuleset) => void) =>
      traced(arranged([['crimson-1', 'crimson', '0602']], (x) => { x.scenarios!.campaign.control = [{ by: 'red', places: ['azure-city'] }]; change?.(x); })).units['crimson-1'].supplied;
    expect(taken()).toBe(true);
    expect(taken((x) => (x.mechanics!.supply!.ownCapital = true))).toBe(false);
    expect(taken((x) => Object.assign(x.mechanics!.supply!, { ownCapital: true, sourcesByPower: { crimson: ['city'] } }))).toBe(true);
    // A power of several capitals traces to any of them: here Crimson's second stands in Azure City.
    expect(taken((x) => { x.mechanics!.supply!.ownCapital = true; x.powers!.crimson.capital = ['crimson-city', 'azure-city']; })).toBe(true);
  });
});

describe('supply from a source the data puts nowhere', () => {
  it('asks the tester in the supply step whether the units that trace to no located source are in supply, rather than reading them out of supply', () => {
    // From Crimson City (0101): 0501 is 4 hexes away, 0603 is 5; a third capital has no hex.
    const r = arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0603']], (x) => {
      x.map!.places!['far-city'] = { name: 'Far City', kinds: ['capital'], gaps: [{ gap: 'Hex number not in the text.', rule: '7' }] };
      x.mechanics!.supply!.outOfSupply = { reduced: ['land'] };
    });
    const game = newGame(r);
    let s = game.initial;
    let asked: GameState | undefined;
    while (!asked) {
      const t = game.applyAction(s, { type: 'endStep', side: game.activeSides(s)[0] });
      if (!t.ok) throw new Error(t.refusal.message);
      if (t.question) asked = t.state;
      else s = t.state;
    }
    expect(asked.suspended?.question).toMatchObject({ key: 'supply-unlocated:crimson', cite: expect.objectContaining({ pointer: '/map/places/far-city' }) });
    // "No": out of supply, and reduced; the event says the tester's ruling decided it.
    const no = act(game, asked, { type: 'answer', key: 'supply-unlocated:crimson', value: 'no' });
    expect(no.units['crimson-1'].supplied).toBe(true);
    expect(no.units['crimson-2']).toMatchObject({ supplied: false, stepsLost: 1 });
    expect(supplyEvents(no).map((e) => e.text)).toEqual([
      "2nd Crimson Horse at hex 0603 (Azure Port) is out of supply: it reaches no source on the map, and the tester ruled Crimson's units that reach none out of supply (the data locates Far City nowhere)",
      'Supply traced: 1 unit in supply, 1 out',
    ]);
    // "Yes": in supply, whole.
    const yes = act(game, asked, { type: 'answer', key: 'supply-unlocated:crimson', value: 'yes' });
    expect(yes.units['crimson-2']).toMatchObject({ supplied: true, stepsLost: 0 });
  });

  it("asks the tester, once for the power, whether such a unit moves and fights out of supply, and the supply step then follows the ruling", () => {
    // Crimson-2 (armor, 5 movement points) in 0601, five hexes from Crimson City; Far City has no hex.
    const r = arranged([['crimson-2', 'crimson', '0601']], (x) => {
      x.map!.places!['far-city'] = { name: 'Far City', kinds: ['capital'], gaps: [{ gap: 'Hex number not in the text.', rule: '7' }] };
      x.mechanics!.supply!.outOfSupply = { halved: ['land'] };
    });
    const game = newGame(r);
    const s = game.initial;
    expect(game.status(s).step).toBe('Movement');
    // Listed, its moves wait on the question: its allowance is not known until the tester rules.
    const listing = game.legalListing(s, 'red');
    expect(listing.moves).toEqual([]);
    expect(listing.waiting).toEqual([expect.objectContaining({ units: ['crimson-2'], question: expect.objectContaining({ key: 'supply-unlocated:crimson', choices: ['yes', 'no'] }) })]);
    // Moving asks: "no" halves its allowance for the step, "yes" leaves it whole.
    const move = { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0501' } as const;
    const asked = game.applyAction(s, move);
    if (!asked.ok) throw new Error(asked.refusal.message);
    expect(asked.question).toMatchObject({ text: "Are Crimson's units that reach no source on the map in supply? They might trace to Far City, which the data locates nowhere (\"yes\" or \"no\")", cite: expect.objectContaining({ pointer: '/map/places/far-city' }) });
    const answered = (value: string, remember = false) => act(game, asked.state, { type: 'answer', key: 'supply-unlocated:crimson', value, remember });
    expect(eventsOf(lastEvents(answered('no')), 'move')[0].text).toMatch(/1 of 2 left \(out of supply: half its allowance\)$/);
    const ruled = answered('yes', true);
    expect(eventsOf(lastEvents(ruled), 'move')[0].text).toMatch(/1 movement point, 4 of 5 left$/);
    // Ruled for the rest of the game: the supply step reads the ruling instead of leaving the unit to the tester.
    let t = ruled;
    while (supplyEvents(t).length === 0) t = act(game, t, { type: 'endStep', side: game.activeSides(t)[0] });
    expect(t.tasks).toEqual([]);
    expect(t.units['crimson-2'].supplied).toBe(true);
  });

  it("asks about a power's own capital, not others' unlocated ones, where its units trace to it and the data names none", () => {
    const r = arranged([['crimson-2', 'crimson', '0601']], (x) => {
      x.map!.places!['far-city'] = { name: 'Far City', kinds: ['capital'], gaps: [{ gap: 'Hex number not in the text.', rule: '7' }] };
      x.mechanics!.supply!.ownCapital = true;
      x.mechanics!.supply!.outOfSupply = { halved: ['land'] };
      delete x.powers!.crimson.capital;
    });
    const game = newGame(r);
    const asked = game.applyAction(game.initial, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0501' });
    if (!asked.ok) throw new Error(asked.refusal.message);
    expect(asked.question).toMatchObject({ text: "Are Crimson's units that reach no source on the map in supply? Their own capital is their source, and the data names none for Crimson (\"yes\" or \"no\")", cite: expect.objectContaining({ pointer: '/mechanics/supply/ownCapital' }) });
  });
});

describe('the overview of a position, for the play map', () => {
  it('names the hostile zones, and the units out of supply as the supply procedure finds them', () => {
    const r = arranged([['azure-2', 'azure', '0203'], ['crimson-1', 'crimson', '0102'], ['crimson-2', 'crimson', '0103'], ['crimson-3', 'crimson', '0302']]);
    const game = newGame(r);
    const red = game.overview(game.initial, 'red');
    expect(red.zones).toEqual(expect.arrayContaining(['hex:0102', 'hex:0103', 'hex:0202', 'hex:0302', 'hex:0303']));
    expect(red.zones).not.toContain('hex:0101');
    const blue = game.overview(game.initial, 'blue');
    expect(blue.zones).toEqual(expect.arrayContaining(['hex:0101', 'hex:0203']));
    expect(blue.zones).not.toContain('hex:0501');
    // No unit moves before the first supply step: what it finds is what the overview said.
    const checked = traced(r);
    const out = (powers: string[]) => Object.values(checked.units).filter((u) => powers.includes(u.power) && u.supplied === false).map((u) => u.id);
    expect(red.unsupplied).toEqual(['crimson-2']);
    expect(red.unsupplied).toEqual(out(['crimson']));
    expect(blue.unsupplied).toEqual(out(['azure']));
  });
});

describe('out of supply', () => {
  const halving = (r: ResolvedRuleset) => (r.mechanics!.supply!.outOfSupply = { halved: ['land'], reduced: ['naval'] });
  /** Red's movement step with these units alone on the map (turn 1 has no production). */
  const moving = (spots: Spot[], change?: (r: ResolvedRuleset) => void) => {
    const game = newGame(arranged(spots, change));
    expect(game.status(game.initial).step).toBe('Movement');
    return { game, s: game.initial };
  };

  it('halves a land unit\'s allowance as it begins to move, for the rest of the step', () => {
    // Crimson-2 (armor, 5 movement points) in 0601, five hexes from Crimson City: past the longest path of 4.
    const spots: Spot[] = [['crimson-2', 'crimson', '0601']];
    const { game, s } = moving(spots, halving);
    const t = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0501' });
    expect(eventsOf(lastEvents(t), 'move')[0].text).toMatch(/1 movement point, 1 of 2 left \(out of supply: half its allowance\)$/);
    // In 0501 it is in supply again, but the step's allowance stays halved: one point is left, not four.
    expect(t.step.unsupplied).toEqual(['crimson-2']);
    expect(refusal(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0301', path: ['hex:0401', 'hex:0301'] })).toMatchObject({ code: 'movement-points' });
    // Without the rule it goes on.
    const free = moving(spots);
    const on = act(free.game, free.s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0501' });
    expect(act(free.game, on, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0301', path: ['hex:0401', 'hex:0301'] }).units['crimson-2'].at).toBe('hex:0301');
  });

  it('halves the factor of a land unit fighting out of supply, dropping fractions, and says so', () => {
    // Crimson-1 in 0501 traces supply (four hexes); crimson-2 in 0602 does not (five): 2 + 4 / 2 = 4 against Azure City.
    const r = fixture('ridge');
    r.scenarios!.campaign.placements = [['crimson-1', '0501'], ['crimson-2', '0602'], ['azure-2', '0601']].map(([unit, hex]) => ({ power: unit.split('-')[0], unit, location: { hex } }));
    halving(r);
    const game = newGame(r, 1, { manualDice: true });
    const s = playTo(game, game.initial, 'combat-step', 'red');
    let t = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] });
    for (const die of [1, 2]) t = t.ok ? game.applyAction(t.state, { type: 'answer', key: t.question!.key, value: die }) : t;
    if (!t.ok) throw new Error(t.refusal.message);
    const events = lastEvents(t.state);
    expect(eventsOf(events, 'supply').map((e) => e.text)).toEqual([
      'Out of supply, 2nd Crimson Horse fights at half its factors: no line within the longest path leads to hex 0101 (Crimson City) through locations free of hostile units, changing between land and sea only at a friendly port',
    ]);
    expect(eventsOf(events, 'battle')[0].attacker).toMatchObject({ strength: 4 });
    expect(eventsOf(events, 'lookup')[0].column).toBe('3-4');
  });

  it('costs a fleet out of supply a step in the supply procedure', () => {
    // The Crimson fleet in 0604, six sea hexes from its capital's coast: out of supply; a fleet has one step.
    const spots: Spot[] = [['crimson-fleet', 'crimson', '0604'], ['crimson-1', 'crimson', '0501']];
    const s = traced(arranged(spots, halving));
    expect(s.units['crimson-fleet'].at).toBe('eliminated');
    expect(eventsOf(s.log.at(-1)!.events, 'loss')[0]).toMatchObject({ unit: 'crimson-fleet', eliminated: true, cite: { pointer: '/mechanics/supply/outOfSupply' } });
    // A land unit out of supply loses nothing then; without the rule, neither does the fleet.
    expect(traced(arranged([['crimson-2', 'crimson', '0603'], ['crimson-fleet', 'crimson', '0604']], halving)).units['crimson-2'].stepsLost).toBe(0);
    expect(traced(arranged(spots)).units['crimson-fleet'].at).toBe('hex:0604');
  });
});

