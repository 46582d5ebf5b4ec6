import { describe, expect, it } from 'vitest';
import type { ResolvedRuleset, ProductionUpgrade } from '@/engine/generated/schema-types';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, put, refusal } from './play';
import { labelActions } from '@/engine/game/bots';

const begin = (r: ResolvedRuleset = fixture('ridge')) => {
  const game = newGame(r);
  return { game, s: act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }) };
};
const incomeOf = (s: Parameters<typeof lastEvents>[0], power: string) => s.log.flatMap((e) => eventsOf(e.events, 'income')).filter((e) => e.power === power);

describe('production', () => {
  it('earns from held production places in supply, plus bonuses, and saves what is unspent', () => {
    const { game, s } = begin();
    const t = playTo(game, s, 'produce', 'red', 2);
    const [azure] = incomeOf(t, 'azure');
    expect(azure).toMatchObject({ amount: 2, stock: 5, cite: { pointer: '/mechanics/production', rule: '5' } });
    expect(azure.text).toBe('Azure earns 2 pp (Azure City 1, Azure Town 1); stock 5');
    // Crimson City 1 (per place) + Crimson Port 2 (its own value) + capital bonus 1, on top of 3 saved.
    const [crimson] = incomeOf(t, 'crimson');
    expect(crimson).toMatchObject({ amount: 4, stock: 7 });
    expect(t.resources.crimson.pp).toBe(7);
  });

  it('names the power whose production a side ends, where powers produce one by one', () => {
    const { game, s } = begin();
    const t = playTo(game, s, 'produce', 'red', 2);
    const end = game.legalActions(t, 'red').filter((a) => a.type === 'endStep');
    expect(labelActions(game, t, end)).toEqual(['End Produce (Crimson)']);
  });

  it('counts only places that trace supply when the model requires it', () => {
    const { game, s } = begin();
    // Blue infantry at 0203 puts 0102 and 0202 in its zone: the port at 0103 is cut off from the capital.
    const t = playTo(game, put(game, s, 'azure-2', 'hex:0203'), 'produce', 'red', 2);
    expect(incomeOf(t, 'crimson')[0]).toMatchObject({ amount: 2, text: 'Crimson earns 2 pp (Crimson City 1, Capital bonus 1); stock 5' });
  });

  it('produces nothing at a place an attack struck this turn, where the model strikes production', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0501' } }, { power: 'azure', unit: 'azure-2', location: { hex: '0603' } }];
    r.mechanics!.combat!.bomb = { model: 'fire-table', table: 'fire', factor: 'attack', fires: 'attacker', lossUnit: 'none', winner: 'none', targetsPlaces: ['production'], strikes: 'production' };
    // Each side bombs before anyone produces.
    r.sequence!.phases.unshift({ id: 'strategic', name: 'Strategic warfare', actor: 'each-side', order: ['red', 'blue'], steps: [{ id: 'bomb-step', name: 'Bombing', procedure: 'combat.bomb' }] });
    const game = newGame(r, 1, { manualDice: true });
    const s = playTo(game, game.initial, 'bomb-step', 'red', 2);
    // Azure City (0601) holds no unit, yet it is a target; Azure Town (0502) is one too.
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'attack')).toEqual([
      { type: 'attack', side: 'red', combat: 'bomb', target: 'hex:0601', units: ['crimson-1'] },
      { type: 'attack', side: 'red', combat: 'bomb', target: 'hex:0502', units: ['crimson-1'] },
    ]);
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'bomb', target: 'hex:0603', units: ['crimson-1'] })).toMatchObject({ code: 'no-target', cite: { pointer: '/mechanics/combat/bomb/targetsPlaces' } });
    // Red 2 (column 1-2) rolls 1: one loss point, and the city is struck.
    let t = game.applyAction(s, { type: 'attack', side: 'red', combat: 'bomb', target: 'hex:0601', units: ['crimson-1'] });
    t = t.ok ? game.applyAction(t.state, { type: 'answer', key: t.question!.key, value: 1 }) : t;
    if (!t.ok) throw new Error(t.refusal.message);
    expect(eventsOf(lastEvents(t.state), 'effect')[0].text).toBe('hex 0601 (Azure City) is struck: it produces nothing at this turn\'s production');
    const produced = playTo(game, t.state, 'produce', 'red', 2);
    // (Azure Town traces no supply past crimson-1's zone.)
    expect(incomeOf(produced, 'azure').at(-1)).toMatchObject({ amount: 0, text: 'Azure earns 0 pp (Azure City (struck this turn) 0); stock 3' });
    // The next turn it produces again.
    expect(playTo(game, produced, 'produce', 'red', 3).struck).toBeUndefined();
  });

  it('loses bonus points to an attack in a box the model targets, made only by the sides it names', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0101' } }, { power: 'azure', unit: 'azure-2', location: { box: 'reserve' } }];
    r.mechanics!.combat!.raid = { model: 'fire-table', table: 'fire', factor: 'attack', fires: 'attacker', lossUnit: 'none', winner: 'none', targetsBoxes: ['reserve'], attackingSides: ['blue'], strikes: 'bonuses', struckBonuses: ['capital-bonus'] };
    r.sequence!.phases.unshift({ id: 'strategic', name: 'Strategic warfare', actor: 'each-side', order: ['red', 'blue'], steps: [{ id: 'raid-step', name: 'Raids', procedure: 'combat.raid' }] });
    const game = newGame(r, 1, { manualDice: true });
    const red = playTo(game, game.initial, 'raid-step', 'red', 2);
    // Red has no raid to make, and may not make one.
    expect(game.legalActions(red, 'red')).toEqual([{ type: 'endStep', side: 'red' }]);
    expect(refusal(game, red, { type: 'attack', side: 'red', combat: 'raid', target: 'box:reserve', units: ['crimson-1'] })).toMatchObject({ code: 'not-attacker', message: 'Red makes no attack of raid (only Blue)', cite: { pointer: '/mechanics/combat/raid/attackingSides' } });
    // Blue raids from within the box, against Red, whose units are elsewhere.
    const s = playTo(game, red, 'raid-step', 'blue', 2);
    expect(game.legalActions(s, 'blue').filter((a) => a.type === 'attack')).toEqual([{ type: 'attack', side: 'blue', combat: 'raid', target: 'box:reserve', units: ['azure-2'] }]);
    // Blue 2 (column 1-2) rolls 1: one loss point, which cancels Crimson's capital bonus this turn.
    let t = game.applyAction(s, { type: 'attack', side: 'blue', combat: 'raid', target: 'box:reserve', units: ['azure-2'] });
    t = t.ok && t.question ? game.applyAction(t.state, { type: 'answer', key: t.question.key, value: 1 }) : t;
    if (!t.ok) throw new Error(t.refusal.message);
    expect(eventsOf(lastEvents(t.state), 'effect').map((e) => e.text)).toEqual(['Lost at this turn\'s production: 1 of Capital bonus']);
    const produced = playTo(game, t.state, 'produce', 'red', 2);
    expect(incomeOf(produced, 'crimson').at(-1)!.text).toBe('Crimson earns 3 pp (Crimson City 1, Crimson Port 2, Capital bonus 0 (1 lost this turn)); stock 6');
    expect(playTo(game, produced, 'raid-step', 'red', 3).struckBonuses).toBeUndefined();
  });

  it('earns from a place its side took from another power, for the first major power of the side whose capital it traces supply to, where the model says', () => {
    const earned = (other: boolean) => {
      const r = fixture('ridge');
      r.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0101' } }, { power: 'azure', unit: 'azure-2', location: { hex: '0603' } }];
      if (other) r.mechanics!.production!.otherPlaces = 'first-traced-major';
      const game = newGame(r);
      const taken = act(game, game.initial, { type: 'manual', op: { op: 'setControl', location: 'hex:0502', to: 'red' } });
      const t = playTo(game, taken, 'produce', 'red', 2);
      return [incomeOf(t, 'azure')[0].text, incomeOf(t, 'crimson')[0].text];
    };
    // Azure Town (0502, worth 1), held by Red, traces supply to Crimson City: it produces for Crimson.
    expect(earned(true)).toEqual(['Azure earns 1 pp (Azure City 1); stock 4', 'Crimson earns 5 pp (Crimson City 1, Crimson Port 2, Azure Town 1, Capital bonus 1); stock 8']);
    // Without the model's otherPlaces, for nobody.
    expect(earned(false)[1]).toBe('Crimson earns 4 pp (Crimson City 1, Crimson Port 2, Capital bonus 1); stock 7');
  });

  it('counts a place a major power itself took once, as the one major it serves, where the other places serve the majors', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0101' } }, { power: 'azure', unit: 'azure-2', location: { hex: '0603' } }];
    r.mechanics!.production!.otherPlaces = 'first-traced-major';
    const game = newGame(r);
    // Held by Crimson's own control, not only its side's: it had been counted as Crimson's and again as a place Crimson serves.
    const taken = act(game, game.initial, { type: 'manual', op: { op: 'setControl', location: 'hex:0502', to: 'crimson' } });
    const t = playTo(game, taken, 'produce', 'red', 2);
    expect(incomeOf(t, 'crimson')[0].text).toBe('Crimson earns 5 pp (Crimson City 1, Crimson Port 2, Azure Town 1, Capital bonus 1); stock 8');
  });

  it('has a minor power use no production place where the other places serve the majors, even one its own units took', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0101' } }, { power: 'azure', unit: 'azure-2', location: { hex: '0603' } }];
    r.mechanics!.production!.otherPlaces = 'first-traced-major';
    // Slate, a minor power fighting for Red, took Azure Town (0502).
    Object.assign(r.powers!.slate, { kind: 'minor', side: 'red', status: 'at-war' });
    const game = newGame(r);
    const taken = act(game, game.initial, { type: 'manual', op: { op: 'setControl', location: 'hex:0502', to: 'slate' } });
    const t = playTo(game, taken, 'produce', 'red', 2);
    expect(incomeOf(t, 'slate').map((e) => e.text).join()).not.toContain('Azure Town');
    expect(incomeOf(t, 'crimson')[0].text).toContain('Azure Town 1');
  });

  it('earns nothing from a power\'s places while the model\'s condition for them fails, its bonuses still paid', () => {
    const r = fixture('ridge');
    r.mechanics!.production!.placesWhen = { crimson: { op: 'status', power: 'crimson', in: ['mobilised'] } };
    const { game, s } = begin(r);
    const t = playTo(game, s, 'produce', 'red', 2);
    expect(incomeOf(t, 'crimson')[0]).toMatchObject({ text: "Crimson earns 1 pp (production places 0 (idle: Crimson's places produce only under a condition that does not hold now), Capital bonus 1); stock 4", cite: { pointer: '/mechanics/production/placesWhen/crimson' } });
    expect(incomeOf(t, 'azure')[0]).toMatchObject({ amount: 2 });
  });

  it('loses unspent points when the model does not save them', () => {
    const r = fixture('ridge');
    r.mechanics!.production!.saving = false;
    const { game, s } = begin(r);
    expect(incomeOf(playTo(game, s, 'produce', 'red', 2), 'crimson')[0]).toMatchObject({ amount: 4, stock: 4 });
    // The status says so beside the stocks, as the play page shows them; a model that saves lets nothing lapse.
    expect(game.status(s).lapsing).toEqual(['pp']);
    expect(begin(fixture('ridge')).game.status(s).lapsing).toEqual([]);
  });

  it('collects income once a turn however many production steps there are', () => {
    const r = fixture('ridge');
    r.sequence!.phases[0].steps!.push({ id: 'spend', name: 'Spend', procedure: 'production' });
    const { game, s } = begin(r);
    const t = playTo(game, s, 'spend', 'red', 2);
    expect(incomeOf(t, 'crimson')).toHaveLength(1);
    expect(t.resources.crimson.pp).toBe(7);
    expect(game.legalActions(t, 'red')[0]).toMatchObject({ type: 'buy' });
  });

  it('counts income in an income step, where nobody acts nor buys, and not again in the production step after it', () => {
    const r = fixture('ridge');
    r.sequence!.phases[0].steps!.splice(1, 0, { id: 'count', name: 'Count', procedure: 'income' });
    const { game, s } = begin(r);
    const t = playTo(game, s, 'produce', 'red', 2);
    // The count passed without an action: Crimson's income is in the count's log entry, once.
    expect(incomeOf(t, 'crimson')).toHaveLength(1);
    expect(t.log.at(-1)!.events.map((e) => e.text)).toContain('Crimson earns 4 pp (Crimson City 1, Crimson Port 2, Capital bonus 1); stock 7');
    expect(game.legalActions(t, 'red')[0]).toMatchObject({ type: 'buy' });
  });

  it('spends what was saved in a production step before an income step later in the turn, which alone counts income', () => {
    const r = fixture('ridge');
    // Collected at the turn's end, as A&A's powers collect income after buying.
    r.sequence!.phases[2].steps!.push({ id: 'collect', name: 'Collect', procedure: 'income' });
    const { game, s } = begin(r);
    // Turn 1 has no production phase: its income is the collection at its end, spent in turn 2's production.
    const produce = playTo(game, s, 'produce', 'red', 2);
    expect(incomeOf(produce, 'crimson')).toHaveLength(1);
    expect(game.legalActions(produce, 'red')[0]).toMatchObject({ type: 'buy' });
    // Turn 2's income is counted at its end, not again in turn 3's production.
    const collected = playTo(game, produce, 'movement-step', 'red', 3);
    expect(incomeOf(collected, 'crimson')).toHaveLength(2);
  });

  it('buys from the force pool at table cost, else the printed cost, placing at a production place', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.forcePools!.crimson.push({ type: 'fleet' }, { type: 'armor' });
    const { game, s } = begin(r);
    let t = playTo(game, s, 'produce', 'red', 2);
    t = act(game, t, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0101' });
    expect(eventsOf(lastEvents(t), 'buy')[0]).toMatchObject({ unit: 'infantry#1', cost: { pp: 3 }, to: 'hex:0101', text: 'Crimson buys Infantry #1 (Crimson) for 3 pp at hex 0101 (Crimson City)' });
    expect(t.resources.crimson.pp).toBe(4);
    expect(t.units['infantry#1'].at).toBe('hex:0101');
    expect(refusal(game, t, { type: 'buy', side: 'red', unit: 'armor#1' })).toMatchObject({ code: 'cannot-afford', message: 'Armor #1 (Crimson) costs 5 pp; Crimson has 4', cite: { pointer: '/mechanics/production', rule: '5' } });
    // The fleet is not in the cost table: its printed cost (4) applies; but no production place is sea.
    expect(refusal(game, t, { type: 'buy', side: 'red', unit: 'fleet#1', at: 'hex:0103' })).toMatchObject({ code: 'terrain', cite: { pointer: '/mechanics/movement/classes/naval/entersTerrain' } });
    expect(refusal(game, t, { type: 'buy', side: 'red', unit: 'infantry#2', at: 'hex:0201' }).code).toBe('placement-production');
    expect(refusal(game, t, { type: 'buy', side: 'red', unit: 'infantry#3', at: 'hex:0101' }).code).toBe('not-producing');
  });

  it('delivers units with a build time later, for their owner to place', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.forcePools!.crimson = [{ type: 'armor' }];
    const { game, s } = begin(r);
    let t = playTo(game, s, 'produce', 'red', 2);
    t = act(game, t, { type: 'buy', side: 'red', unit: 'armor#1' });
    expect(t.units['armor#1']).toMatchObject({ at: 'due', due: { turn: 3, to: 'placement' } });
    expect(eventsOf(lastEvents(t), 'buy')[0].text).toBe('Crimson buys Armor #1 (Crimson) for 5 pp; it arrives in 1 turn');
    t = playTo(game, t, 'reinforce', 'red', 3);
    expect(t.units['armor#1'].at).toBe('unplaced');
    expect(game.activeSides(t)).toEqual(['red']);
    expect(game.legalActions(t, 'red').map((a) => (a as { at: string }).at)).toEqual(['hex:0101', 'hex:0103']);
    expect(refusal(game, t, { type: 'place', side: 'red', unit: 'armor#1', at: 'hex:0201' }).code).toBe('placement-production');
    t = act(game, t, { type: 'place', side: 'red', unit: 'armor#1', at: 'hex:0103' });
    expect(t.units['armor#1'].at).toBe('hex:0103');
  });

  it('reads costs from the named columns, and restores a reduced unit in supply a step at a time', () => {
    const r = fixture('ridge');
    r.tables!['unit-costs'].columns.keys = ['build', 'upgrade'];
    r.tables!['unit-costs'].cells = { infantry: { build: 3, upgrade: 1 }, armor: { build: 5, upgrade: 2 } };
    Object.assign(r.mechanics!.production!, { buildColumn: 'build', upgrade: { column: 'upgrade', requiresSupply: true } });
    const { game, s } = begin(r);
    // crimson-2, the armor in 0201, starts reduced; Crimson has 7 pp on turn 2.
    let t = playTo(game, s, 'produce', 'red', 2);
    expect(game.legalActions(t, 'red').filter((a) => a.type === 'upgrade')).toEqual([{ type: 'upgrade', side: 'red', unit: 'crimson-2' }]);
    expect(labelActions(game, t, [{ type: 'upgrade', side: 'red', unit: 'crimson-2' }])).toEqual(['Upgrade 2nd Crimson Horse at 0201 (2 pp of 7)']);
    t = act(game, t, { type: 'upgrade', side: 'red', unit: 'crimson-2' });
    expect(eventsOf(lastEvents(t), 'lookup')[0].text).toBe('Unit Costs: armor, upgrade → 2');
    expect(eventsOf(lastEvents(t), 'upgrade')[0]).toMatchObject({ unit: 'crimson-2', cost: { pp: 2 }, text: 'Crimson upgrades 2nd Crimson Horse at hex 0201 for 2 pp: full strength', cite: { pointer: '/mechanics/production/upgrade' } });
    expect(t.units['crimson-2'].stepsLost).toBe(0);
    expect(t.resources.crimson.pp).toBe(5);
    expect(refusal(game, t, { type: 'upgrade', side: 'red', unit: 'crimson-2' }).code).toBe('full-strength');
    t = act(game, t, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0101' });
    expect(eventsOf(lastEvents(t), 'buy')[0]).toMatchObject({ cost: { pp: 3 } });
    expect(refusal(game, t, { type: 'upgrade', side: 'blue', unit: 'crimson-1' }).code).toBe('not-your-turn');
  });

  it('upgrades no unit out of supply, nor one printed on one side', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!.production!, { upgrade: { requiresSupply: true } });
    r.unitTypes!.armor.upgradeCost = { pp: 2 };
    // Blue infantry at 0203 cuts the port at 0103 off from the capital.
    const { game, s } = begin(r);
    const t = playTo(game, put(game, put(game, s, 'azure-2', 'hex:0203'), 'crimson-2', 'hex:0103'), 'produce', 'red', 2);
    expect(game.legalActions(t, 'red').filter((a) => a.type === 'upgrade')).toEqual([]);
    expect(refusal(game, t, { type: 'upgrade', side: 'red', unit: 'crimson-2' })).toMatchObject({ code: 'out-of-supply', cite: { pointer: '/mechanics/production/upgrade/requiresSupply' } });
    r.roster!['crimson-2'].oneSided = true;
    const one = begin(r);
    expect(refusal(one.game, playTo(one.game, one.s, 'produce', 'red', 2), { type: 'upgrade', side: 'red', unit: 'crimson-2' })).toMatchObject({ code: 'one-sided', cite: { pointer: '/roster/crimson-2/oneSided' } });
  });

  it('upgrades a unit tracing supply to another major power of its side\'s capital, or a fleet in a port to a production place, where the model says', () => {
    const upgrades = (tracesTo?: ProductionUpgrade['tracesTo'], fleetAt = 'hex:0103') => {
      const r = fixture('ridge');
      Object.assign(r.mechanics!.production!, { upgrade: { requiresSupply: true, ...(tracesTo ? { tracesTo } : {}) } });
      r.unitTypes!.armor.upgradeCost = { pp: 2 };
      Object.assign(r.unitTypes!.fleet, { steps: 2, upgradeCost: { pp: 1 } });
      r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
      // Slate is a major power on Red's side, its capital the Pass (0303); supply lines are one hex long, so
      // the Horse in 0302 traces none to Crimson City (0101), nor the squadron in Crimson Port (0103).
      Object.assign(r.powers!.slate, { kind: 'major', side: 'red', status: 'at-war', capital: 'pass' });
      r.mechanics!.supply!.maxLength = 1;
      const { game, s } = begin(r);
      let t = put(game, s, 'crimson-2', 'hex:0302');
      t = act(game, put(game, t, 'crimson-fleet', fleetAt), { type: 'manual', op: { op: 'setSteps', unit: 'crimson-fleet', lost: 1 } });
      t = playTo(game, t, 'produce', 'red', 2);
      return { game, t, listed: game.legalActions(t, 'red').flatMap((a) => (a.type === 'upgrade' ? [a.unit] : [])) };
    };
    // Tracing to its own capital alone, neither may be upgraded.
    expect(upgrades().listed).toEqual([]);
    const tracesTo = [{ classes: ['land' as const], majorCapitals: true }, { classes: ['naval' as const], placeKinds: ['production'], standingAt: ['port'] }];
    // To any major power of its side's capital, the Horse traces to the Pass; the squadron in Crimson Port, a production place, to it.
    expect(upgrades(tracesTo).listed).toEqual(['crimson-2', 'crimson-fleet']);
    // At sea, the squadron is not in a port.
    const atSea = upgrades(tracesTo, 'hex:0104');
    expect(atSea.listed).toEqual(['crimson-2']);
    expect(refusal(atSea.game, atSea.t, { type: 'upgrade', side: 'red', unit: 'crimson-fleet' })).toMatchObject({
      code: 'not-standing-at',
      message: 'Crimson Squadron is upgraded only at a port its side holds, not at hex 0104',
      cite: { pointer: '/mechanics/production/upgrade/tracesTo/1/standingAt' },
    });
  });

  it('has another power pay for the upgrade of a power\'s units where the model says, in its own production, but in the boxes named', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!.production!, { upgrade: { requiresSupply: true, paidBy: [{ power: 'slate', by: 'crimson', exceptInBoxes: ['reserve'] }] } });
    r.unitTypes!.infantry.upgradeCost = { pp: 1 };
    // Slate fights on Red's side; its two guards start reduced, one in the Reserve box.
    Object.assign(r.powers!.slate, { side: 'red', status: 'at-war' });
    r.map!.boxes!.reserve.sides = ['red', 'blue'];
    r.roster!['slate-guard'] = { name: 'Slate Guard', power: 'slate', type: 'infantry' };
    r.roster!['slate-reserve'] = { name: 'Slate Reserve', power: 'slate', type: 'infantry' };
    r.scenarios!.campaign.placements.push({ power: 'slate', unit: 'slate-guard', location: { hex: '0302' }, reduced: true }, { power: 'slate', unit: 'slate-reserve', location: { box: 'reserve' }, reduced: true });
    const { game, s } = begin(r);
    const t = playTo(game, s, 'produce', 'red', 2);
    // In Crimson's production: the guard on the map, paid by Crimson; not the one in the box, which Slate would pay for.
    expect(game.legalActions(t, 'red').flatMap((a) => (a.type === 'upgrade' ? [a.unit] : []))).toEqual(['slate-guard']);
    const before = t.resources.crimson.pp;
    const up = act(game, t, { type: 'upgrade', side: 'red', unit: 'slate-guard' });
    expect(eventsOf(lastEvents(up), 'upgrade')[0].text).toBe('Crimson upgrades Slate Guard at hex 0302 for 1 pp: full strength');
    expect(up.resources.crimson.pp).toBe(before - 1);
    expect(refusal(game, t, { type: 'upgrade', side: 'red', unit: 'slate-reserve' })).toMatchObject({ code: 'not-producing', message: 'Slate does not produce now' });
  });

  it('places a unit bought where it breaks a stacking limit only where its owner eliminates the excess when stacking is checked', () => {
    const full = (excess?: 'owner-eliminates') => {
      const r = fixture('ridge');
      Object.assign(r.mechanics!.stacking!, { checkedAt: ['movement-step', 'produce'], ...(excess ? { excess } : {}) });
      const { game, s } = begin(r);
      // Crimson City (0101) holds two Crimson land units, the most that may stack.
      const t = playTo(game, put(game, s, 'crimson-2', 'hex:0101'), 'produce', 'red', 2);
      return { game, t, sites: game.legalActions(t, 'red').flatMap((a) => (a.type === 'buy' && a.unit === 'infantry#1' ? [a.at] : [])) };
    };
    const refused = full();
    expect(refused.sites).toEqual(['hex:0103']);
    expect(refusal(refused.game, refused.t, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0101' }).code).toBe('stacking');
    const { game, t, sites } = full('owner-eliminates');
    expect(sites).toEqual(['hex:0101', 'hex:0103']);
    // The listing says what the purchase into the full city will cost.
    expect(labelActions(game, t, sites.map((at) => ({ type: 'buy', side: 'red', unit: 'infantry#1', at })))).toEqual([
      'Buy Infantry #1 (Crimson) at 0101 (3 pp of 7) (over the stacking limit there: the excess is eliminated when stacking is next checked)',
      'Buy Infantry #1 (Crimson) at 0103 (3 pp of 7)',
    ]);
    // Bought into the full city, the stack is broken till the step ends: then Crimson eliminates one of the three, its choice.
    const ended = act(game, act(game, t, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0101' }), { type: 'endStep', side: 'red' });
    expect(ended.losses).toEqual([expect.objectContaining({ side: 'red', points: 1, units: expect.arrayContaining(['crimson-1', 'crimson-2', 'infantry#1']) })]);
  });

  it("buys the units of a power whose status freezes only their moves and attacks (frozen.buying), which then stay where they are placed", () => {
    const r = fixture('ridge');
    r.statuses!['at-war'].frozen = { powers: ['crimson'], buying: true, source: { kind: 'rulebook', rule: '9.9' } };
    const { game, s } = begin(r);
    const t = playTo(game, s, 'produce', 'red', 2);
    const bought = act(game, t, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0101' });
    expect(bought.units['infantry#1'].at).toBe('hex:0101');
    const moving = playTo(game, bought, 'movement-step', 'red', 2);
    expect(refusal(game, moving, { type: 'move', side: 'red', unit: 'infantry#1', to: 'hex:0102' })).toMatchObject({ code: 'frozen', cite: { pointer: '/statuses/at-war/frozen', rule: '9.9' } });
    // Frozen whole, its units are not bought either.
    r.statuses!['at-war'].frozen = { powers: ['crimson'] };
    const whole = begin(r);
    expect(whole.game.legalActions(playTo(whole.game, whole.s, 'produce', 'red', 2), 'red').filter((a) => a.type === 'buy')).toEqual([]);
  });

  it('lists purchases the power can afford at each production place', () => {
    const { game, s } = begin();
    const t = playTo(game, s, 'produce', 'red', 2);
    expect(game.legalActions(t, 'red')).toEqual([
      { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0101' },
      { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0103' },
      { type: 'buy', side: 'red', unit: 'crimson-3', at: 'hex:0101' },
      { type: 'buy', side: 'red', unit: 'crimson-3', at: 'hex:0103' },
      { type: 'endStep', side: 'red' },
    ]);
    // Each labelled with its cost and what the power has to spend, which the game's status gives for every power.
    expect(labelActions(game, t, game.legalActions(t, 'red')).slice(0, 2)).toEqual(['Buy Infantry #1 (Crimson) at 0101 (3 pp of 7)', 'Buy Infantry #1 (Crimson) at 0103 (3 pp of 7)']);
    expect(game.status(t).stocks).toContainEqual({ power: 'crimson', resource: 'pp', amount: 7 });
  });

  it('places new units where the placement says: on or beside a production place, fleets in a port, out of hostile zones, nowhere a hostile side controls', () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.classes!.naval!.entersTerrain!.push('coast');
    r.scenarios!.campaign.forcePools!.crimson.push({ type: 'fleet' });
    r.mechanics!.production!.placement = { adjacent: true, byClass: { naval: ['port'] }, notInZoneOf: ['land'], source: { kind: 'rulebook', rule: '5.4' } };
    r.roster!['crimson-3'].placeRestriction = 'crimson-port';
    const { game, s } = begin(r);
    const t = playTo(game, s, 'produce', 'red', 2);
    const sites = (state: typeof t, unit: string) => game.legalActions(state, 'red').flatMap((a) => (a.type === 'buy' && a.unit === unit ? [a.at] : []));
    // On Crimson City (0101) or Crimson Port (0103), or beside either in Crimson, but 0203 in the Slate militia's zone.
    expect(sites(t, 'infantry#1')).toEqual(['hex:0101', 'hex:0103', 'hex:0202', 'hex:0201', 'hex:0102']);
    // A unit the roster restricts to a place, there alone.
    expect(sites(t, 'crimson-3')).toEqual(['hex:0103']);
    // A fleet in Crimson's port only, which it may enter now that it sails the coast.
    expect(sites(t, 'fleet#1')).toEqual(['hex:0103']);
    // Azure infantry at 0203 puts 0102, 0103 and 0202 in its zone: no placement there, but where a Crimson land unit stands.
    const zoned = put(game, t, 'azure-2', 'hex:0203');
    expect(sites(zoned, 'infantry#1')).toEqual(['hex:0101', 'hex:0201']);
    expect(sites(put(game, zoned, 'crimson-1', 'hex:0103'), 'infantry#1')).toEqual(['hex:0101', 'hex:0103', 'hex:0201']);
    expect(refusal(game, zoned, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0102' })).toMatchObject({ code: 'placement-zone', cite: { pointer: '/mechanics/production/placement/notInZoneOf', rule: '5.4' } });
    // Where the hostile unit stands, the refusal says it stands there, not that its zone covers the hex.
    expect(refusal(game, put(game, zoned, 'azure-2', 'hex:0202'), { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0202' })).toMatchObject({ code: 'placement-hostile', message: 'hex 0202 holds hostile units (2nd Azure Guard): a new unit is not placed among them' });
    // Blue takes the port: neither it nor what lies beside it alone is a site, for the fleet or the infantry.
    const taken = act(game, t, { type: 'manual', op: { op: 'setControl', location: 'hex:0103', to: 'blue' } });
    expect(sites(taken, 'fleet#1')).toEqual([]);
    expect(sites(taken, 'infantry#1')).toEqual(['hex:0101', 'hex:0202', 'hex:0201', 'hex:0102']);
    expect(refusal(game, taken, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0103' })).toMatchObject({ code: 'placement-production', cite: { pointer: '/mechanics/production/placement' } });
  });

  it('places the units of a power without production places anywhere in its countries, and those of a named power where its constraint says', () => {
    const r = fixture('ridge');
    r.powers!.crimson.kind = 'minor';
    r.mechanics!.production!.placement = { anywhereWithoutPlaces: ['minor'], notInZoneOf: ['land'], byPower: { azure: { text: 'in the Reserve', boxes: ['reserve'] } } };
    const { game, s } = begin(r);
    let t = playTo(game, s, 'produce', 'red', 2);
    t = act(game, act(game, t, { type: 'manual', op: { op: 'setControl', location: 'hex:0101', to: 'blue' } }), { type: 'manual', op: { op: 'setControl', location: 'hex:0103', to: 'blue' } });
    // Every Crimson hex but the two Blue holds, in a hostile zone or not.
    expect(game.legalActions(t, 'red').flatMap((a) => (a.type === 'buy' && a.unit === 'infantry#1' ? [a.at] : []))).toEqual(['hex:0102', 'hex:0201', 'hex:0202', 'hex:0203', 'hex:0301']);
    // Holding a production place again, Crimson places on it alone.
    const held = act(game, t, { type: 'manual', op: { op: 'setControl', location: 'hex:0101', to: 'red' } });
    expect(game.legalActions(held, 'red').flatMap((a) => (a.type === 'buy' && a.unit === 'infantry#1' ? [a.at] : []))).toEqual(['hex:0101']);
    const blue = playTo(game, s, 'produce', 'blue', 2);
    expect(game.legalActions(blue, 'blue').flatMap((a) => (a.type === 'buy' && a.unit === 'infantry#3' ? [a.at] : []))).toEqual(['box:reserve']);
  });

  it('places units of the classes the placement names anywhere in the countries their side holds, where it traces supply, hostile zones or not', () => {
    const r = fixture('ridge');
    r.unitTypes!.fort.cost = { pp: 1 };
    r.scenarios!.campaign.forcePools!.crimson.push({ type: 'fort' });
    r.mechanics!.production!.placement = { notInZoneOf: ['land'], inHeldCountries: { classes: ['fortification'], tracingSupply: true, source: { kind: 'rulebook', rule: '5.5' } } };
    const { game, s } = begin(r);
    const t = playTo(game, s, 'produce', 'red', 2);
    const sites = (state: typeof t) => game.legalActions(state, 'red').flatMap((a) => (a.type === 'buy' && a.unit === 'fort#1' ? [a.at] : []));
    // Every hex of Crimson, the Slate militia's zone (0203) too; not Slate's.
    expect(sites(t)).toEqual(['hex:0101', 'hex:0102', 'hex:0103', 'hex:0201', 'hex:0202', 'hex:0203', 'hex:0301']);
    expect(refusal(game, t, { type: 'buy', side: 'red', unit: 'fort#1', at: 'hex:0302' }).code).toBe('placement-production');
    // Red takes Azure City, Azure's capital: Azure's hexes that trace supply to Crimson City join them (not
    // those beyond the four hexes a line may run, nor behind the Azure units' zones, nor the Citadel's).
    const azure = act(game, t, { type: 'manual', op: { op: 'setControl', location: 'hex:0601', to: 'red' } });
    expect(sites(azure)).toEqual(['hex:0101', 'hex:0102', 'hex:0103', 'hex:0201', 'hex:0202', 'hex:0203', 'hex:0301', 'hex:0401', 'hex:0402']);
    // Other land units are still placed by production places.
    expect(game.legalActions(t, 'red').flatMap((a) => (a.type === 'buy' && a.unit === 'infantry#1' ? [a.at] : []))).toEqual(['hex:0101', 'hex:0103']);
  });

  it('places a unit among the hostile units it sends away, which leave (a fort placed where an enemy fleet stands)', () => {
    const r = fixture('ridge');
    r.unitTypes!.fort.cost = { pp: 1 };
    r.scenarios!.campaign.forcePools!.crimson.push({ type: 'fort' });
    r.mechanics!.production!.placement = { inHeldCountries: { classes: ['fortification'], source: { kind: 'rulebook', rule: '5.5' } } };
    r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byUnitsOf: ['land', 'fortification'], toMedia: ['sea'], source: { kind: 'rulebook', rule: '3.9' } }];
    r.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
    r.scenarios!.campaign.placements.push({ power: 'azure', unit: 'azure-fleet', location: { hex: '0604' } });
    const { game, s } = begin(r);
    // Azure Squadron in Crimson Port (0103, coast), 2nd Azure Guard in 0102.
    const t = put(game, put(game, playTo(game, s, 'produce', 'red', 2), 'azure-fleet', 'hex:0103'), 'azure-2', 'hex:0102');
    const sites = game.legalActions(t, 'red').flatMap((a) => (a.type === 'buy' && a.unit === 'fort#1' ? [a.at] : []));
    expect(sites).toContain('hex:0103');
    expect(sites).not.toContain('hex:0102');
    const placed = act(game, t, { type: 'buy', side: 'red', unit: 'fort#1', at: 'hex:0103' });
    expect(placed.units['fort#1'].at).toBe('hex:0103');
    expect(placed.units['azure-fleet'].at).not.toBe('hex:0103');
    expect(eventsOf(lastEvents(placed), 'effect').map((e) => e.text)).toEqual([expect.stringMatching(/^Azure Squadron is displaced from hex 0103 \(Crimson Port\), entered by a hostile unit, to hex 0[12]04$/)]);
  });

  it('buys no unit of a power whose status freezes its units, and lists none', () => {
    const r = fixture('ridge');
    r.statuses!.mobilising = { name: 'Mobilising', frozen: { powers: ['crimson'], source: { kind: 'rulebook', rule: '5.9' } } };
    const { game, s } = begin(r);
    const t = act(game, playTo(game, s, 'produce', 'red', 2), { type: 'manual', op: { op: 'setStatus', power: 'crimson', status: 'mobilising' } });
    expect(refusal(game, t, { type: 'buy', side: 'red', unit: 'infantry#1', at: 'hex:0101' })).toMatchObject({
      code: 'frozen', message: "Infantry #1 (Crimson) does not come into play: Crimson's status is mobilising", cite: { pointer: '/statuses/mobilising/frozen', rule: '5.9' },
    });
    expect(game.legalActions(t, 'red')).toEqual([{ type: 'endStep', side: 'red' }]);
    // Its income says the points buy nothing while the status holds.
    const next = playTo(game, t, 'produce', 'red', 3);
    expect(incomeOf(next, 'crimson').at(-1)!.text).toMatch(/; stock \d+; Crimson's status, mobilising, lets it buy nothing with them$/);
  });
});

describe('reinforcements and setup', () => {
  it('brings reinforcements by the schedule: to the force pool, or onto the map', () => {
    const { game, s } = begin();
    let t = playTo(game, s, 'produce', 'red', 2);
    expect(t.units['crimson-3'].at).toBe('pool');
    expect(t.log.flatMap((e) => eventsOf(e.events, 'arrive')).map((e) => e.text)).toContain('3rd Crimson Foot arrives in the force pool');
    t = playTo(game, t, 'produce', 'blue', 3);
    expect(t.units['armor#1']).toMatchObject({ power: 'azure', at: 'hex:0601' });
  });

  it('returns eliminated units to their force pools at the reinforcements step, at full strength, but those lost for good', () => {
    const r = fixture('ridge');
    r.mechanics!.production!.rebuild = { source: { kind: 'rulebook', rule: '5.8' } };
    r.roster!['crimson-2'].permanentLoss = true;
    const { game, s } = begin(r);
    let t = s;
    for (const unit of ['crimson-1', 'crimson-2']) t = act(game, t, { type: 'manual', op: { op: 'setSteps', unit, lost: 2 } });
    expect([t.units['crimson-1'].at, t.units['crimson-2'].at]).toEqual(['eliminated', 'eliminated']);
    t = playTo(game, t, 'produce', 'red', 2);
    expect(t.units['crimson-1']).toMatchObject({ at: 'pool', stepsLost: 0 });
    expect(t.units['crimson-2'].at).toBe('eliminated');
    expect(t.log.flatMap((e) => eventsOf(e.events, 'arrive')).filter((e) => e.unit === 'crimson-1')).toMatchObject([{ to: 'pool', text: '1st Crimson Foot returns to the force pool', cite: { pointer: '/mechanics/production/rebuild', rule: '5.8' } }]);
    expect(game.legalActions(t, 'red')).toContainEqual({ type: 'buy', side: 'red', unit: 'crimson-1', at: 'hex:0101' });
    // A power in a status excepted gets none back.
    r.mechanics!.production!.rebuild = { exceptStatuses: ['at-war'] };
    const other = begin(r);
    const lost = act(other.game, other.s, { type: 'manual', op: { op: 'setSteps', unit: 'crimson-1', lost: 2 } });
    expect(playTo(other.game, lost, 'produce', 'red', 2).units['crimson-1'].at).toBe('eliminated');
  });

  it('has owners place units the scenario leaves to them, within the constraint and in setup order', () => {
    const game = newGame(fixture('ridge'));
    expect(game.activeSides(game.initial)).toEqual(['blue']);
    expect(refusal(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0301' })).toMatchObject({
      code: 'placement-constraint', message: 'hex 0301 is not anywhere in Azure: not in the countries allowed', cite: { pointer: '/scenarios/campaign/placements/3/location/constraint', rule: '8' },
    });
    expect(refusal(game, game.initial, { type: 'endStep', side: 'red' }).code).toBe('placement-pending');
    expect(refusal(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-2', at: 'hex:0602' })).toMatchObject({ code: 'not-unplaced', message: '2nd Azure Guard is not awaiting placement' });
    expect(refusal(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-9', at: 'hex:0602' })).toMatchObject({ code: 'unknown-unit', message: 'no unit "azure-9" in play' });
    // Azure's hexes that are land and not already full: 0501 holds one infantry, so it still fits.
    expect(game.legalActions(game.initial, 'blue').map((a) => (a as { at: string }).at)).toEqual(['hex:0401', 'hex:0402', 'hex:0403', 'hex:0501', 'hex:0502', 'hex:0503', 'hex:0601', 'hex:0602', 'hex:0603']);
  });

  it('hands the tester a unit nobody can place', () => {
    const r = fixture('ridge');
    delete r.powers!.slate.controlledBy;
    r.scenarios!.campaign.placements[6].location = { constraint: { text: 'anywhere in Slate', inCountries: ['slate'] } };
    const game = newGame(r);
    let s = game.initial;
    expect(s.tasks.map((t) => t.text)).toEqual(['place Slate Militia by hand: no side acts for Slate']);
    expect(game.activeSides(s)).toEqual([]);
    // Marked done with the unit still unplaced, the task would come back: refused, saying what to do.
    expect(refusal(game, s, { type: 'manual', op: { op: 'resolveTask', task: s.tasks[0].id } })).toMatchObject({ code: 'task-not-done', message: 'Slate Militia still waits to be placed: put it where it goes with the manual adjudication "move a unit", then mark the task done' });
    s = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'slate-militia', to: 'hex:0302' } });
    s = act(game, s, { type: 'manual', op: { op: 'resolveTask', task: s.tasks[0].id } });
    expect(game.status(s)).toMatchObject({ sides: ['blue'], unplaced: ['azure-1'] });
    s = act(game, s, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    expect(game.status(s)).toMatchObject({ step: 'Movement', sides: ['red'], unplaced: [] });
  });
});
