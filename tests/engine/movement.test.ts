import { describe, expect, it } from 'vitest';
import type { Game, GameState, PlayerAction } from '@/engine/game';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import { botRng, labelActions, runBots } from '@/engine/game/bots';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, put, refusal } from './play';

// Ridge board (flat-top, odd columns shifted down). Hostile land units project a zone of control one
// hex around them; entering it costs 1 more and stops a land unit. Terrain: clear 1, forest 2, hills 2.
/**
 * Red's movement step ended with three units in 0101, where two may stack: two more infantry join
 * crimson-1 there, and each spends its movement going out and back, so none can mend it any more.
 */
function endWithUnmendableStack(game: Game, s: GameState): GameState {
  let t = act(game, s, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
  t = act(game, t, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
  for (const u of ['crimson-1', 'infantry#5', 'infantry#6']) {
    t = act(game, t, { type: 'move', side: 'red', unit: u, to: 'hex:0202' });
    t = act(game, t, { type: 'move', side: 'red', unit: u, to: 'hex:0101', path: ['hex:0101'] });
  }
  return act(game, t, { type: 'endStep', side: 'red' });
}

/** A game of the ridge (or of a changed copy of it), Blue's last unit placed, at the movement step of `side`. */
/** Ridge with a Crimson air unit in 0301, kept out of hostile land zones. */
function withAirWing() {
  const r = fixture('ridge');
  r.unitTypes!.air = { name: 'Air', class: 'air', kind: 'air', factors: { attack: 1 }, movement: 4, steps: 1, source: { kind: 'rulebook', rule: '2.1' } };
  r.roster!['crimson-air'] = { name: 'Crimson Wing', power: 'crimson', type: 'air' };
  r.scenarios!.campaign.placements.push({ power: 'crimson', unit: 'crimson-air', location: { hex: '0301' } });
  r.mechanics!.movement!.classes!.air = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, barredByZocOf: ['land'] };
  return r;
}

const setup = (r = fixture('ridge'), side = 'red') => {
  const game = newGame(r);
  const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
  return { game, s: playTo(game, s, 'movement-step', side) };
};

describe('hex movement', () => {
  it('says when a cost it paid is a value a designer filled in provisionally', () => {
    const r = fixture('ridge');
    r.tables!['terrain-effects'].cells.clear.cost = { value: 1, source: { kind: 'provisional', note: 'a guess' } };
    const { game, s } = setup(r);
    const [move] = eventsOf(lastEvents(act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' })), 'move');
    expect(move).toMatchObject({ cost: 2, provisional: true });
    expect(move.text).toMatch(/; its costs read provisional values$/);
    // A move paying only costs the rulebook gives says nothing of the kind.
    const cited = setup();
    const [plain] = eventsOf(lastEvents(act(cited.game, cited.s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' })), 'move');
    expect(plain).not.toHaveProperty('provisional');
  });

  it('asks the cost of entering a hex whose terrain the data does not give, by the hex', () => {
    const r = fixture('ridge');
    delete (r.map!.hexes!['0201'] as { terrain?: string }).terrain;
    const { game, s } = setup(r);
    const t = game.applyAction(s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' });
    if (!t.ok) throw new Error(t.refusal.message);
    expect(t.question).toMatchObject({ key: '/map/hexes/0201/terrain', text: expect.stringContaining('cost to enter hex 0201, whose terrain the data does not give') });
  });

  it('pays terrain costs hex by hex along the cheapest path', () => {
    const { game, s } = setup();
    const next = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' });
    const [move] = eventsOf(lastEvents(next), 'move');
    // 0101 → 0201 (clear 1) → 0301 (clear 1): no hostile zone on the way.
    expect(move).toMatchObject({ unit: 'crimson-1', from: 'hex:0101', to: 'hex:0301', path: ['hex:0201', 'hex:0301'], cost: 2 });
    expect(next.step.spent['crimson-1']).toBe(2);
    // One movement point is left: 0302 costs 1 + 1 for the militia's zone. Beside the unit, the refusal says so.
    expect(refusal(game, next, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0302' })).toMatchObject({ code: 'movement-points', message: '1st Crimson Foot needs 2 movement points and has 1 left' });
    // Farther off, the refusal says what the cheapest way there needs, or what closes it.
    expect(refusal(game, next, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0103' })).toMatchObject({ code: 'movement-points', message: '1st Crimson Foot needs 4 movement points and has 1 left' });
    expect(refusal(game, next, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0601' })).toMatchObject({ code: 'hostile-units', message: '1st Crimson Foot may not end its move in hex 0601 (Azure City): it holds hostile units' });
    expect(refusal(game, next, { type: 'move', side: 'red', unit: 'azure-2', to: 'hex:0401' })).toMatchObject({ code: 'not-yours', message: "Red may not move 2nd Azure Guard: Azure's units are commanded by Blue" });
    expect(refusal(game, next, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' })).toMatchObject({ code: 'already-there', message: '1st Crimson Foot is already at hex 0301' });
    expect(refusal(game, next, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0403' })).toMatchObject({ code: 'unreachable', message: '1st Crimson Foot cannot reach hex 0403: hostile units or their zones of control bar every way there over ground land units may cross' });
    expect(refusal(game, next, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0104' })).toMatchObject({ code: 'terrain', message: 'land units may not enter hex 0104 (sea)' });
  });

  it('lists, when asked, the route each move passes before its end: the one the move then takes', () => {
    const { game, s } = setup();
    expect(game.legalListing(s, 'red', { movers: ['crimson-1'] }).moves[0].via).toBeUndefined();
    const [m] = game.legalListing(s, 'red', { movers: ['crimson-1'], routes: true }).moves;
    expect(m.via).toHaveLength(m.to.length + (m.rail?.length ?? 0));
    expect(m.via![m.to.indexOf('hex:0301')]).toEqual(['hex:0201']);
    for (const [k, to] of m.to.entries()) {
      const [move] = eventsOf(lastEvents(act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to })), 'move');
      expect(move.path).toEqual([...m.via![k], to]);
    }
  });

  it('follows a given path and charges forest at 2', () => {
    const { game, s } = setup();
    const next = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0202', path: ['hex:0201', 'hex:0202'] });
    expect(eventsOf(lastEvents(next), 'move')[0].cost).toBe(3);
  });

  it('charges for entering a hostile zone of control and stops the unit there', () => {
    const { game, s } = setup();
    // Armor (reduced, 5 MP): 0201 → 0301 (1) → 0302 (clear 1 + zone 1) = 3, in the militia's zone.
    const next = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' });
    expect(eventsOf(lastEvents(next), 'move')[0].cost).toBe(3);
    expect(next.step.stopped).toContain('crimson-2');
    const stopped = refusal(game, next, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0301' });
    expect(stopped).toMatchObject({ code: 'stopped', cite: { pointer: '/mechanics/zoc/classes/land', rule: '3.2' } });
    // A path that goes on past the zone is refused at the hex where the unit must stop.
    const past = refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0403', path: ['hex:0301', 'hex:0302', 'hex:0403'] });
    expect(past).toMatchObject({ code: 'zoc-stop', cite: { pointer: '/mechanics/zoc/classes/land', rule: '3.2' } });
  });

  it('keeps a unit that begins in a zone from stepping directly into another, where the model says so', () => {
    const from = (r = fixture('ridge')) => {
      const { game, s } = setup(r);
      // Crimson-2 in 0302, in the militia's zone; 0203 lies in it too, 0301 does not.
      return { game, s: put(game, s, 'crimson-2', 'hex:0302') };
    };
    const r = fixture('ridge');
    Object.assign(r.mechanics!.movement!, { noZocToZoc: true });
    const { game, s } = from(r);
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203', path: ['hex:0203'] })).toMatchObject({
      code: 'zoc-to-zoc', message: '2nd Crimson Horse may not move directly from the zone of control at hex 0302 into another at hex 0203', cite: { pointer: '/mechanics/zoc/classes/land' },
    });
    // Out of the zone first (0202), then into it again: the route the engine finds.
    const around = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203' });
    expect(eventsOf(lastEvents(around), 'move')[0].path).toEqual(['hex:0202', 'hex:0203']);
    // Without the rule, the step is a move like any other into a zone.
    const free = from();
    const direct = act(free.game, free.s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203' });
    expect(eventsOf(lastEvents(direct), 'move')[0].path).toEqual(['hex:0203']);
  });

  it('keeps a class out of hostile zones it may not enter, but where a friendly unit of the zone\'s class stands', () => {
    const r = withAirWing();
    const { game, s } = setup(r);
    // 0203, Red's own hex, lies in the Slate militia's zone, with no Red land unit there.
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-air', to: 'hex:0203', path: ['hex:0202', 'hex:0203'] })).toMatchObject({
      code: 'zoc-barred', message: 'Crimson Wing may not enter hex 0203: it lies in a hostile land zone of control with no friendly land unit there', cite: { pointer: '/mechanics/movement/classes/air/barredByZocOf' },
    });
    const listed = (t: GameState) => game.legalListing(t, 'red', { movers: ['crimson-air'] }).moves[0]?.to ?? [];
    expect(listed(s)).not.toContain('hex:0203');
    // A Red land unit in 0203 opens it (no hostile unit moved: the routes kept for the air unit are not those).
    const held = put(game, s, 'crimson-2', 'hex:0203');
    expect(listed(held)).toContain('hex:0203');
    expect(act(game, held, { type: 'move', side: 'red', unit: 'crimson-air', to: 'hex:0203' }).units['crimson-air'].at).toBe('hex:0203');
  });

  it('lets a class pass hostile units that do not bar it, never ending its move with them', () => {
    const r = fixture('ridge');
    r.unitTypes!.air = { name: 'Air', class: 'air', kind: 'air', factors: { attack: 1 }, movement: 4, steps: 1, source: { kind: 'rulebook', rule: '2.1' } };
    r.roster!['azure-air'] = { name: 'Azure Wing', power: 'azure', type: 'air' };
    r.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
    r.scenarios!.campaign.placements.push({ power: 'azure', unit: 'azure-air', location: { hex: '0501' } }, { power: 'azure', unit: 'azure-fleet', location: { hex: '0604' } });
    r.mechanics!.movement!.classes!.naval = { allowance: 'movement', entersTerrain: ['sea'], ignoresTerrain: true, flatCost: 1 };
    const over = (x: typeof r) => {
      const { game, s } = setup(x);
      // A hostile air unit over 0204, the only sea between the Crimson fleet in 0104 and 0304.
      return { game, s: put(game, s, 'azure-air', 'hex:0204') };
    };
    const listed = (game: Game, t: GameState) => game.legalListing(t, 'red', { movers: ['crimson-fleet'] }).moves[0]?.to ?? [];
    // Any hostile unit bars the way unless the class names those that do.
    const barred = over(r);
    expect(listed(barred.game, barred.s)).toEqual([]);
    r.mechanics!.movement!.classes!.naval!.barredByUnitsOf = ['naval'];
    const { game, s } = over(r);
    expect(listed(game, s)).toEqual(['hex:0304', 'hex:0404', 'hex:0504']);
    const t = act(game, s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0304' });
    expect(eventsOf(lastEvents(t), 'move')[0]).toMatchObject({ path: ['hex:0204', 'hex:0304'], cost: 2 });
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0204' })).toMatchObject({
      code: 'hostile-units', message: 'Crimson Squadron may pass through hex 0204 but not end its move there: it holds hostile units', cite: { pointer: '/mechanics/movement/classes/naval/barredByUnitsOf' },
    });
    // A hostile fleet still bars the way: with one in 0404, 0504 beyond it is out of reach.
    expect(listed(game, put(game, s, 'azure-fleet', 'hex:0404'))).toEqual(['hex:0304']);
    expect(refusal(game, put(game, s, 'azure-fleet', 'hex:0404'), { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0404', path: ['hex:0204', 'hex:0304', 'hex:0404'] })).toMatchObject({ code: 'hostile-units', message: 'hex 0404 holds hostile units' });
  });

  it('moves as a step\'s variant says there: only some kinds, another zone cost, no stop', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!.movement!, { variants: [{ steps: ['movement-step'], kinds: ['armor'], zocEntryCost: 2, stopOnEnteringZoc: false }] });
    const { game, s } = setup(r);
    expect(game.movers(s, 'red')).toEqual(['crimson-2']);
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' })).toMatchObject({
      code: 'not-this-step', message: '1st Crimson Foot does not move in this step: only armor units do', cite: { pointer: '/mechanics/movement/variants/0/kinds' },
    });
    // Armor (reduced, 5 MP): 0201 → 0301 (1) → 0302 (clear 1 + zone 2) = 4, and it need not stop there.
    const t = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' });
    expect(eventsOf(lastEvents(t), 'move')[0]).toMatchObject({ cost: 4, path: ['hex:0301', 'hex:0302'] });
    expect(t.step.stopped).toEqual([]);
    // One point left: 0301, out of the zone; every other neighbour costs more.
    expect(game.legalListing(t, 'red', { movers: ['crimson-2'] }).moves[0].to).toEqual(['hex:0301']);
  });

  it('moves units of a class only in the steps its class names (an air rebase step, say)', () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.classes!.naval!.steps = ['combat-step'];
    const { game, s } = setup(r);
    expect(game.movers(s, 'red')).not.toContain('crimson-fleet');
    expect(game.movers(s, 'red')).toContain('crimson-1');
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0204' })).toMatchObject({
      code: 'not-this-step', message: 'Crimson Squadron does not move in this step: naval units move only in Combat', cite: { pointer: '/mechanics/movement/classes/naval/steps' },
    });
    // A phase named moves them in each of its steps.
    const byPhase = fixture('ridge');
    byPhase.mechanics!.movement!.classes!.naval!.steps = ['player-turn'];
    const inPhase = setup(byPhase);
    expect(inPhase.game.movers(inPhase.s, 'red')).toContain('crimson-fleet');
  });

  it('projects zones only into the terrain the ruleset names', () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.classes.land!.intoTerrain = ['forest', 'hills'];
    const { game, s } = setup(r);
    // 0302 is clear: no zone there now, so the armor pays 1 and goes on.
    const t = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' });
    expect(eventsOf(lastEvents(t), 'move')[0].cost).toBe(2);
    expect(t.step.stopped).toEqual([]);
  });

  it('spreads a zone only through the terrain it extends into, where the ruleset says so', () => {
    const zonesOf = (through: boolean) => {
      const r = fixture('ridge');
      r.mechanics!.zoc!.classes.land = { reach: 2, intoTerrain: ['sea', 'coast'], affects: ['land-movement'], ...(through ? { throughTerrainOnly: true } : {}) };
      const game = newGame(r);
      return game.overview(game.initial, 'red').zones;
    };
    // Azure's infantry in 0501 reaches Azure Port (0603, coast) two hexes off only over land (0502).
    expect(zonesOf(false)).toContain('hex:0603');
    expect(zonesOf(true)).not.toContain('hex:0603');
    // The Slate militia's zone (0303) still spreads over the sea.
    expect(zonesOf(true)).toEqual(expect.arrayContaining(['hex:0204', 'hex:0304', 'hex:0404']));
  });

  it('takes control where a land unit ends and fires invasion triggers', () => {
    const { game, s } = setup();
    const next = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' });
    expect(next.control['hex:0302']).toBe('crimson');
    expect(eventsOf(lastEvents(next), 'trigger').map((e) => e.trigger)).toEqual(['slate-joins-blue']);
    expect(next.powers.slate).toEqual({ side: 'blue', status: 'at-war' });
  });

  it('has units of the classes the model names invade too, taking control only where the control rule names their class', () => {
    const flying = (invadedBy?: ('land' | 'air')[], takenBy?: ('land' | 'air')[]) => {
      const r = fixture('ridge');
      r.unitTypes!.wing = { name: 'Wing', class: 'air', kind: 'wing', factors: { attack: 2 }, movement: 3, steps: 1, source: { kind: 'rulebook', rule: '2.4' } };
      r.roster!['crimson-wing'] = { name: 'Crimson Wing', power: 'crimson', type: 'wing' };
      r.scenarios!.campaign.placements.push({ power: 'crimson', unit: 'crimson-wing', location: { hex: '0201' } });
      r.mechanics!.movement!.classes!.air = { allowance: 'movement', ignoresTerrain: true, flatCost: 1 };
      if (invadedBy) Object.assign(r.mechanics!.movement!, { invadedBy });
      if (takenBy) r.mechanics!.control = { takenBy, source: { kind: 'rulebook', rule: '3.4.7' } };
      const { game, s } = setup(r);
      return act(game, s, { type: 'move', side: 'red', unit: 'crimson-wing', to: 'hex:0302' });
    };
    // Land units alone invade unless the model says: the wing flies into Slate and Slate stays neutral.
    expect(flying().powers.slate).toMatchObject({ status: 'neutral' });
    const invaded = flying(['land', 'air']);
    expect(eventsOf(lastEvents(invaded), 'trigger').map((e) => e.trigger)).toEqual(['slate-joins-blue']);
    expect(invaded.powers.slate).toEqual({ side: 'blue', status: 'at-war' });
    // The wing takes no control: 0302 stays Slate's, now on Blue's side; unless the control rule names air units.
    expect(invaded.control['hex:0302']).toBe('slate');
    const taken = flying(['land', 'air'], ['land', 'air']);
    expect(taken.control['hex:0302']).toBe('crimson');
    expect(eventsOf(lastEvents(taken), 'control').map((e) => e.cite?.pointer)).toEqual(['/mechanics/control']);
  });

  it('fires an invasion trigger only for a country whose power has one of the statuses it names as the invasion happens', () => {
    const r = fixture('ridge');
    // Listed after the trigger that takes Slate to war: it still sees Slate neutral.
    r.triggers!['neutral-invaded'] = { name: 'A neutral invaded', on: [{ event: 'invasion', by: 'red', ofStatuses: ['neutral'] }], effects: [{ op: 'adjustTrack', track: 'tension', by: 1 }], source: { kind: 'rulebook', rule: '6.2' } };
    const { game, s } = setup(r);
    const slate = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' });
    expect(eventsOf(lastEvents(slate), 'trigger').map((e) => e.trigger)).toEqual(['slate-joins-blue', 'neutral-invaded']);
    expect(slate.tracks.tension).toBe(1);
    // Azure, at war, is invaded too, but fires nothing.
    const azure = act(game, put(game, s, 'crimson-2', 'hex:0301'), { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0401' });
    expect(eventsOf(lastEvents(azure), 'trigger')).toEqual([]);
    expect(azure.tracks.tension).toBe(0);
  });

  it('charges hexside features from the hexside table', () => {
    const { game, s } = setup();
    // Clear the militia away, then move Red along 0301 → 0302 → across the river into 0402 (forest 2 + river 1).
    let t = put(game, s, 'slate-militia', 'eliminated');
    t = put(game, t, 'crimson-2', 'hex:0301');
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0402', path: ['hex:0302', 'hex:0402'] });
    const [move] = eventsOf(lastEvents(t), 'move');
    // 0302 clear 1; 0402 forest 2 + river 1 + zone of azure-2 (0501) 1 = 4; total 5.
    expect(move.cost).toBe(5);
    expect(move.text).toContain('forest + river 1 + zone of control 1');
  });

  it('refuses terrain the unit may not enter, citing the terrain', () => {
    const { game, s } = setup();
    const r = refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0104', path: ['hex:0102', 'hex:0103', 'hex:0104'] });
    expect(r).toMatchObject({ code: 'terrain', cite: { pointer: '/map/terrain/sea/medium' } });
    // Fleets enter only sea, but the ridge's terrain table says sea is prohibited: the step beside the fleet says so.
    const fleet = refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0204' });
    expect(fleet).toMatchObject({ code: 'prohibited', message: 'hex 0204: sea is "prohibited" for movement', cite: { pointer: '/tables/terrain-effects/cells/sea/cost' } });
  });

  it('leaves a power in an outside status out of the zones of control until a unit enters its country, where every zone counts', () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.outside = { statuses: ['neutral'], activeOnInvasion: true };
    const { game, s } = setup(r);
    // Outside Slate the neutral militia (0303) projects no zone: the armor reaches 0203 beside it, 0202 (forest 2) then 0203 (clear 1), and goes on.
    const beside = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203', path: ['hex:0202', 'hex:0203'] });
    expect(eventsOf(lastEvents(beside), 'move')[0].cost).toBe(3);
    expect(beside.step.stopped).toEqual([]);
    // Entering Slate invades it, and at that instant every zone counts: 0302 costs its clear 1 and 1 for the militia's zone, and stops the armor.
    const into = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302', path: ['hex:0301', 'hex:0302'] });
    expect(eventsOf(lastEvents(into), 'move')[0].cost).toBe(3);
    expect(into.step.stopped).toEqual(['crimson-2']);
    // The overview shows the zones as they stand: crimson-2's in 0301 reach 0201, not Slate's 0302 before Slate is invaded.
    const there = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0301' });
    expect(game.overview(there, 'blue').zones).toContain('hex:0201');
    expect(game.overview(there, 'blue').zones).not.toContain('hex:0302');
    // Where the model does not activate the zones on invasion, the first unit across the border moves as they stood before.
    r.mechanics!.zoc!.outside.activeOnInvasion = false;
    const before = setup(r);
    expect(act(before.game, before.s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302', path: ['hex:0301', 'hex:0302'] }).step.stopped).toEqual([]);
    // Once Slate is at war, its militia's zone reaches beyond its border again: 0203 stops the armor.
    const atWar = act(game, s, { type: 'manual', op: { op: 'setStatus', power: 'slate', status: 'at-war' } });
    expect(act(game, atWar, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203', path: ['hex:0202', 'hex:0203'] }).step.stopped).toEqual(['crimson-2']);
  });

  it('names in a move\'s label an invasion whose trigger holds or rolls for it, without rolling, and none whose trigger does not hold', () => {
    const r = fixture('ridge');
    const slate = r.triggers!['slate-joins-blue'];
    const into: PlayerAction = { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302', path: ['hex:0301', 'hex:0302'] };
    slate.condition = { op: 'roll', dice: 1, sides: 6, cmp: '>=', value: 4 };
    const rolling = setup(r);
    const rng = [...rolling.s.rng];
    expect(labelActions(rolling.game, rolling.s, [into])[0]).toMatch(/; invades Slate\)$/);
    expect(rolling.s.rng).toEqual(rng);
    slate.condition = { op: 'status', power: 'slate', in: ['at-war'] };
    const neutral = setup(r);
    expect(labelActions(neutral.game, neutral.s, [into])[0]).not.toMatch(/invades/);
  });

  it('keeps an air unit whose entry invades a neutral out of the zones that spring up as it enters, as a land unit is stopped there', () => {
    const r = withAirWing();
    Object.assign(r.mechanics!.movement!, { invadedBy: ['land', 'air'] });
    r.mechanics!.zoc!.outside = { statuses: ['neutral'], activeOnInvasion: true };
    const { game, s } = setup(r);
    // Slate's 0302 lies beside its militia: flying in invades Slate, and the militia's zone is there at once.
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-air', to: 'hex:0302', path: ['hex:0302'] })).toMatchObject({ code: 'zoc-barred' });
    expect(game.legalListing(s, 'red', { movers: ['crimson-air'] }).moves[0].to).not.toContain('hex:0302');
  });

  it('leaves the zones out of a neutral on the moving side, which its units enter without invading it', () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.outside = { statuses: ['neutral'], activeOnInvasion: true };
    // Slate, neutral, stands on Blue's side (as a neutral an alliance moves for): Blue's units entering it invade nothing.
    r.powers!.slate.side = 'blue';
    const { game, s } = setup(r, 'blue');
    const t = put(game, put(game, s, 'crimson-2', 'hex:0301'), 'azure-2', 'hex:0402');
    // crimson-2's zone does not reach Slate's 0302: azure-2 enters it and is not stopped.
    const moved = act(game, t, { type: 'move', side: 'blue', unit: 'azure-2', to: 'hex:0302' });
    expect(eventsOf(lastEvents(moved), 'move')[0].text).toBe('2nd Azure Guard moves from hex 0402: hex 0302 for 2 (clear + river 1); 2 movement points, 1 of 3 left');
    expect(moved.step.stopped).toEqual([]);
    // A Red unit entering Slate would invade it, and meets the zones that spring up: Blue's azure-2 now stands in 0302.
    const red = setup(r);
    const there = put(red.game, put(red.game, red.s, 'azure-2', 'hex:0303'), 'crimson-2', 'hex:0301');
    expect(act(red.game, there, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' }).step.stopped).toEqual(['crimson-2']);
  });

  it("keeps a power's units still while its status freezes them, and lets them move once it changes", () => {
    const r = fixture('ridge');
    r.statuses!.neutral.frozen = true;
    const { game, s } = setup(r, 'blue');
    // Blue controls neutral Slate's militia, which may not move while Slate is neutral.
    expect(game.movers(s, 'blue')).not.toContain('slate-militia');
    expect(game.legalActions(s, 'blue').some((a) => a.type === 'move' && a.unit === 'slate-militia')).toBe(false);
    expect(refusal(game, s, { type: 'move', side: 'blue', unit: 'slate-militia', to: 'hex:0403' })).toMatchObject({ code: 'frozen', message: "Slate Militia does not move: Slate's status is neutral", cite: { pointer: '/statuses/neutral' } });
    const atWar = act(game, s, { type: 'manual', op: { op: 'setStatus', power: 'slate', status: 'at-war' } });
    expect(game.movers(atWar, 'blue')).toContain('slate-militia');
  });

  it('freezes the units of the powers a status names, and leaves the others of that status free', () => {
    const r = fixture('ridge');
    r.statuses!['at-war'].frozen = { powers: ['azure'], source: { kind: 'rulebook', rule: '9.9' } };
    const { game, s } = setup(r, 'blue');
    expect(game.movers(s, 'blue').filter((id) => id.startsWith('azure'))).toEqual([]);
    expect(refusal(game, s, { type: 'move', side: 'blue', unit: 'azure-1', to: 'hex:0603' })).toMatchObject({ code: 'frozen', cite: { pointer: '/statuses/at-war/frozen', rule: '9.9' } });
    const red = playTo(game, game.initial, 'movement-step', 'red');
    expect(game.movers(red, 'red')).toContain('crimson-1');
  });

  it('keeps the classes a country is closed to out of it, and lets the others in', () => {
    const r = fixture('ridge');
    r.powers!.slate.enterable = { closedTo: ['land'], source: { kind: 'rulebook', rule: '9.8' } };
    const { game, s } = setup(r);
    const there = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' });
    expect(refusal(game, there, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0302', path: ['hex:0302'] })).toMatchObject({ code: 'not-enterable', message: "land units may not enter Slate's territory", cite: { pointer: '/powers/slate/enterable', rule: '9.8' } });
    expect(game.legalActions(there, 'red').some((a) => a.type === 'move' && a.to === 'hex:0302')).toBe(false);
  });

  it("keeps a power's units out of the countries its restrictions close, while the statuses they name hold", () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.restrictions = [
      { id: 'no-neutrals-at-war', powers: ['crimson'], ofStatuses: ['neutral'], while: { power: 'azure', statuses: ['at-war'] }, text: 'Crimson may not invade a neutral while Azure is at war.', source: { kind: 'rulebook', rule: '9.7' } },
    ];
    const { game, s } = setup(r);
    const there = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' });
    // Slate is neutral and Azure at war: Slate's 0302 is closed to Crimson.
    expect(refusal(game, there, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0302', path: ['hex:0302'] })).toMatchObject({
      code: 'restricted', message: 'Crimson may not invade a neutral while Azure is at war.', cite: { pointer: '/mechanics/movement/restrictions/0', rule: '9.7' },
    });
    expect(game.legalActions(there, 'red').some((a) => a.type === 'move' && a.to === 'hex:0302')).toBe(false);
    // Azure makes peace: the restriction lapses and the move is listed again.
    const peace = act(game, there, { type: 'manual', op: { op: 'setStatus', power: 'azure', status: 'neutral' } });
    expect(game.legalActions(peace, 'red').some((a) => a.type === 'move' && a.to === 'hex:0302')).toBe(true);
    // Once Slate is at war, it is no neutral: open again whatever Azure does.
    const slateAtWar = act(game, there, { type: 'manual', op: { op: 'setStatus', power: 'slate', status: 'at-war' } });
    expect(refusal(game, slateAtWar, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0302', path: ['hex:0302'] }).code).not.toBe('restricted');
  });

  it('keeps units of the classes named out of the hexes a restriction closes, until its condition holds', () => {
    const r = fixture('ridge');
    const narrows = { id: 'the-narrows', sides: ['red'], hexes: ['0302'] as [string], unless: { op: 'controls' as const, by: 'red', places: ['pass'] }, text: 'No Red land unit may enter hex 0302 until Red controls the Pass.', source: { kind: 'rulebook' as const, rule: '9.10' } };
    r.mechanics!.movement!.restrictions = [{ ...narrows, classes: ['land'] }];
    const { game, s } = setup(r);
    // Crimson-2, beside the hex with all its points.
    const there = put(game, s, 'crimson-2', 'hex:0301');
    expect(refusal(game, there, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302', path: ['hex:0302'] })).toMatchObject({
      code: 'restricted', message: narrows.text, cite: { pointer: '/mechanics/movement/restrictions/0', rule: '9.10' },
    });
    const listed = (t: typeof there) => game.legalActions(t, 'red').some((a) => a.type === 'move' && a.unit === 'crimson-2' && a.to === 'hex:0302');
    expect(listed(there)).toBe(false);
    // Red takes the Pass (no unit moves, so what is kept of the hostile units stays): the hex opens.
    const taken = act(game, there, { type: 'manual', op: { op: 'setControl', location: 'hex:0303', to: 'crimson' } });
    expect(listed(taken)).toBe(true);
    expect(act(game, taken, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' }).units['crimson-2'].at).toBe('hex:0302');
    // Restricted to fleets, it leaves land units alone.
    const fleets = fixture('ridge');
    fleets.mechanics!.movement!.restrictions = [{ ...narrows, classes: ['naval'] }];
    const other = setup(fleets);
    const beside = put(other.game, other.s, 'crimson-2', 'hex:0301');
    expect(act(other.game, beside, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' }).units['crimson-2'].at).toBe('hex:0302');
  });

  it('takes control of the places of the kinds named that a land unit passes through, and of where it ends', () => {
    const passing = (kinds?: [string]) => {
      const r = fixture('ridge');
      if (kinds) Object.assign(r.mechanics!.movement!, { takesControlPassing: kinds });
      const { game, s } = setup(r);
      // Blue holds Crimson Port (0103); crimson-2 goes from 0102 through it to 0203 (Red's already).
      const t = put(game, act(game, s, { type: 'manual', op: { op: 'setControl', location: 'hex:0103', to: 'azure' } }), 'crimson-2', 'hex:0102');
      return act(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203', path: ['hex:0103', 'hex:0203'] });
    };
    const taken = passing(['port']);
    expect([taken.control['hex:0103'], taken.control['hex:0203']]).toEqual(['crimson', 'crimson']);
    expect(eventsOf(lastEvents(taken), 'control').map((e) => [e.text, e.cite?.pointer])).toEqual([['Control of hex 0103 (Crimson Port) passes to Crimson (held by Azure before)', '/mechanics/movement/takesControlPassing']]);
    expect(passing().control['hex:0103']).toBe('azure');
    expect(passing(['city']).control['hex:0103']).toBe('azure');
  });

  it('cites the ruleset\'s control rule for every change of control a unit\'s move or the tester makes, where it gives one', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!, { control: { source: { kind: 'rulebook', rule: '3.4.7', quote: 'A side controls a city or port if its units were the last to occupy or pass through it.' } } });
    Object.assign(r.mechanics!.movement!, { takesControlPassing: ['port'] });
    const { game, s } = setup(r);
    const held = act(game, s, { type: 'manual', op: { op: 'setControl', location: 'hex:0103', to: 'azure' } });
    expect(eventsOf(lastEvents(held), 'control').map((e) => e.cite)).toEqual([{ pointer: '/mechanics/control', rule: '3.4.7' }]);
    const taken = act(game, put(game, held, 'crimson-2', 'hex:0102'), { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203', path: ['hex:0103', 'hex:0203'] });
    expect(eventsOf(lastEvents(taken), 'control').map((e) => [e.text, e.cite])).toEqual([['Control of hex 0103 (Crimson Port) passes to Crimson (held by Azure before)', { pointer: '/mechanics/control', rule: '3.4.7' }]]);
  });

  it('cites the control rule only at the kinds of place it is about, where it names them, and the map or the moving model elsewhere', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!, { control: { placeKinds: ['city', 'port'], source: { kind: 'rulebook', rule: '3.4.7' } } });
    const { game, s } = setup(r);
    const cites = (t: GameState) => eventsOf(lastEvents(t), 'control').map((e) => [e.location, e.cite?.pointer]);
    expect(cites(act(game, s, { type: 'manual', op: { op: 'setControl', location: 'hex:0103', to: 'azure' } }))).toEqual([['hex:0103', '/mechanics/control']]);
    expect(cites(act(game, s, { type: 'manual', op: { op: 'setControl', location: 'hex:0402', to: 'crimson' } }))).toEqual([['hex:0402', '/map']]);
    // A move into an Azure hex with no city or port: the movement model's.
    const moved = act(game, put(game, s, 'crimson-1', 'hex:0301'), { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0401' });
    expect(cites(moved)).toEqual([['hex:0401', '/mechanics/movement']]);
  });

  it('goes round a neutral it would invade where another route costs no more', () => {
    const r = fixture('ridge');
    // Slate moved to 0402, made clear, and 0302 Crimson's: from 0301 to 0403, by 0402 (neutral) or by 0302, costs 2 either way.
    Object.assign(r.map!.hexes!['0402'], { terrain: 'clear', country: 'slate' });
    r.map!.hexes!['0302'].country = 'crimson';
    r.mechanics!.zoc!.outside = { statuses: ['neutral'] };
    const { game, s } = setup(r);
    // Azure's infantry out of the way, the Slate militia out of Slate: no zone on either route.
    const clear = put(game, put(game, s, 'azure-2', 'hex:0601'), 'slate-militia', 'hex:0504');
    for (const [from, to, via] of [['0301', '0403', '0302'], ['0403', '0301', '0302']]) {
      const t = act(game, put(game, clear, 'crimson-2', `hex:${from}`), { type: 'move', side: 'red', unit: 'crimson-2', to: `hex:${to}` });
      expect(eventsOf(lastEvents(t), 'move')[0].path).toEqual([`hex:${via}`, `hex:${to}`]);
      expect(t.powers.slate.status).toBe('neutral');
    }
  });

  it('fires border-crossing triggers for each country a unit enters or leaves, passing through included', () => {
    const r = fixture('ridge');
    r.triggers!['crossed-slate'] = { name: 'Tension rises at each crossing of the Slate border', on: [{ event: 'border-crossing', countries: ['slate'], by: 'red' }], effects: [{ op: 'adjustTrack', track: 'tension', by: 1 }], source: { kind: 'rulebook', rule: '6.4' } };
    r.triggers!['crossed-azure'] = { name: 'Azure mobilises', on: [{ event: 'border-crossing', countries: ['azure'] }], effects: [{ op: 'setFlag', flag: 'pass-taken' }], source: { kind: 'rulebook', rule: '6.5' } };
    r.triggers!['crimson-abroad'] = { name: 'Crimson units go abroad', on: [{ event: 'border-crossing', notCountries: ['crimson'], by: 'crimson' }], effects: [{ op: 'setFlag', flag: 'abroad' }], once: true, source: { kind: 'rulebook', rule: '6.6' } };
    const { game, s } = setup(r);
    // Crimson-1 walks 0101 → 0201 → 0301: no border crossed.
    const home = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' });
    expect(home.tracks.tension).toBe(0);
    expect(home.flags.abroad).toBeUndefined();
    // Crimson-2 goes 0301 → 0302 (into Slate) → 0402 (out of Slate, into Azure) along a given path.
    let t = put(game, home, 'slate-militia', 'eliminated');
    t = put(game, t, 'crimson-2', 'hex:0301');
    const through = act(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0402', path: ['hex:0302', 'hex:0402'] });
    // The crossings come in the order of the way, then the invasion of Slate that entering it made.
    expect(eventsOf(lastEvents(through), 'trigger').map((e) => e.trigger)).toEqual(['crossed-slate', 'crimson-abroad', 'crossed-slate', 'crossed-azure', 'slate-joins-blue']);
    expect(through.tracks.tension).toBe(2);
    expect(through.flags['pass-taken']).toBe(true);
  });

  it('lifts a restriction when a border crossing changes the status it names (an ally entering or leaving opens the country)', () => {
    const r = fixture('ridge');
    // Slate is on Blue's side but neutral, as a limited neutral whose neutrality only this ban makes.
    r.powers!.slate.side = 'blue';
    r.mechanics!.movement!.restrictions = [
      { id: 'slate-untouched', sides: ['red'], countries: ['slate'], while: { power: 'slate', statuses: ['neutral'] }, text: 'Red may not invade Slate until a Blue unit enters or leaves it.', source: { kind: 'rulebook', rule: '9.9' } },
    ];
    r.triggers!['slate-touched'] = { name: 'Slate is touched', on: [{ event: 'border-crossing', countries: ['slate'], by: 'blue' }], condition: { op: 'status', power: 'slate', in: ['neutral'] }, effects: [{ op: 'setStatus', power: 'slate', status: 'at-war' }], once: true, source: { kind: 'rulebook', rule: '9.9' } };
    const { game, s } = setup(r, 'blue');
    // Red may not enter while Slate is untouched; Blue's militia leaves Slate, and Red may.
    expect(game.legalActions(playTo(game, s, 'movement-step', 'red'), 'red').some((a) => a.type === 'move' && a.to === 'hex:0302')).toBe(false);
    const left = act(game, s, { type: 'move', side: 'blue', unit: 'slate-militia', to: 'hex:0403' });
    expect(left.powers.slate.status).toBe('at-war');
    expect(game.legalActions(playTo(game, left, 'movement-step', 'red'), 'red').some((a) => a.type === 'move' && a.to === 'hex:0302')).toBe(true);
  });

  it('refuses a destination that is not on the map, by name, whatever the action', () => {
    const { game, s } = setup();
    for (const rail of [false, true]) {
      expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:9999', rail })).toMatchObject({ code: 'unknown-location', message: 'hex 9999 is not a location on the map' });
    }
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'area:atlantis', units: ['crimson-1'] }).code).toBe('unknown-location');
  });

  it('refuses moves out of turn and outside a movement step, naming the step', () => {
    const { game, s } = setup();
    expect(refusal(game, s, { type: 'move', side: 'blue', unit: 'azure-2', to: 'hex:0502' })).toMatchObject({ code: 'not-your-turn', cite: { pointer: '/sequence/phases/1/steps/0', rule: '3' } });
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'azure-2', to: 'hex:0502' })).toMatchObject({ code: 'not-yours', cite: { pointer: '/powers/azure' } });
    const combat = playTo(game, s, 'combat-step', 'red');
    expect(refusal(game, combat, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' })).toMatchObject({ code: 'wrong-step', message: `moves are made in a movement step, not in “${game.status(combat).step}”`, cite: { rule: '4' } });
  });

  it('stops a fleet only where the model says a hostile fleet\'s zone stops movement', () => {
    const fleets = (stopsWithin?: number) => {
      const r = fixture('ridge');
      r.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
      r.scenarios!.campaign.placements.push({ power: 'azure', unit: 'azure-fleet', location: { hex: '0504' } });
      r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea'] };
      Object.assign(r.mechanics!.movement!, { zocEntryCost: 0 });
      r.mechanics!.zoc!.classes.naval = { reach: 3, affects: ['naval-movement'], ...(stopsWithin === undefined ? {} : { stopsWithin }) };
      const game = newGame(r);
      const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
      return { game, s: playTo(game, s, 'movement-step', 'red') };
    };
    const reach = ({ game, s }: ReturnType<typeof fleets>) => game.legalActions(s, 'red', { movers: ['crimson-fleet'] }).flatMap((a) => (a.type === 'move' ? [a.to] : []));
    // Blue's fleet in 0504 projects its zone three hexes along the sea, to 0204: Red's fleet (4 MP) from 0104
    // stops on entering it, or, when only the hexes beside the fleet stop, goes on to 0404.
    expect(reach(fleets())).toEqual(['hex:0204']);
    const near = fleets(1);
    expect(reach(near)).toEqual(['hex:0204', 'hex:0304', 'hex:0404']);
    const moved = act(near.game, near.s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0404' });
    expect(eventsOf(lastEvents(moved), 'move')[0].text).toMatch(/hex 0404 for 1 \(flat cost, zone of control: stops\); 3 movement points, 1 of 4 left$/);
    expect(moved.step.stopped).toEqual(['crimson-fleet']);
    // A path on past where it stops is refused, citing the rule of the fleets' zone that stops it, not the land units'.
    const past = refusal(near.game, near.s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0304', path: ['hex:0204', 'hex:0304', 'hex:0404', 'hex:0304'] });
    expect(past).toMatchObject({ code: 'zoc-stop', cite: { pointer: '/mechanics/zoc/classes/naval/stopsWithin' } });
  });

  it('moves a unit by rail through its side\'s hexes, outside hostile zones, instead of its move', () => {
    const withRail = (rail: object) => {
      const r = fixture('ridge');
      Object.assign(r.mechanics!.movement!, { rail: { distance: 'unlimited', throughFriendlyOnly: true, ...rail } });
      const game = newGame(r);
      const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
      return { game, s: playTo(game, s, 'movement-step', 'red') };
    };
    const { game, s } = withRail({});
    // From Crimson City (0101) through Red's hexes: not into 0203, in the Slate militia's zone, nor Slate's 0302.
    const listed = game.legalListing(s, 'red', { movers: ['crimson-1'] }).moves[0];
    expect([...listed.rail!].sort()).toEqual(['hex:0102', 'hex:0103', 'hex:0201', 'hex:0202', 'hex:0301']);
    expect(game.legalActions(s, 'red', { movers: ['crimson-1'] })).toContainEqual({ type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301', rail: true });
    const t = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301', rail: true });
    expect(eventsOf(lastEvents(t), 'move')[0]).toMatchObject({ path: ['hex:0202', 'hex:0301'], text: '1st Crimson Foot moves by rail from hex 0101 (Crimson City) to hex 0301 (entering 2 locations)', cite: { pointer: '/mechanics/movement/rail' } });
    // It moves no further this step, and a move after it says why, citing the rail rule.
    expect(refusal(game, t, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0302' })).toMatchObject({ code: 'stopped', message: '1st Crimson Foot has stopped for this step: it moved by rail', cite: { pointer: '/mechanics/movement/rail' } });
    expect(refusal(game, t, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' }).code).toBe('stopped');
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0203', rail: true }).code).toBe('rail-unreachable');
    const moved = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0202' });
    expect(refusal(game, moved, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0102', rail: true }).code).toBe('rail-after-move');
    expect(refusal(game, put(game, s, 'crimson-2', 'hex:0203'), { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0102', rail: true }).code).toBe('rail-from-zoc');
    // To where it stands: said so, not why it may not move by rail from there.
    expect(refusal(game, put(game, s, 'crimson-2', 'hex:0203'), { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0203', rail: true })).toMatchObject({ code: 'already-there', message: '2nd Crimson Horse is already at hex 0203' });

    const one = withRail({ unitsPerTurn: 1 });
    const railed = act(one.game, one.s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301', rail: true });
    expect(refusal(one.game, railed, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0102', rail: true })).toMatchObject({ code: 'rail-limit', cite: { pointer: '/mechanics/movement/rail/unitsPerTurn' } });
    const elsewhere = withRail({ steps: ['combat-step'] });
    expect(elsewhere.game.legalListing(elsewhere.s, 'red', { movers: ['crimson-1'] }).moves[0].rail).toBeUndefined();
    expect(refusal(elsewhere.game, elsewhere.s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301', rail: true }).code).toBe('rail-step');

    // Excluded hexes and countries are not entered, nor passed through: 0301 is reached by 0201, and 0103 (beyond 0102 and 0202) not at all.
    const excluded = withRail({ excludes: { hexes: ['0202', '0102'] } });
    const around = excluded.game.legalListing(excluded.s, 'red', { movers: ['crimson-1'] }).moves[0];
    expect([...around.rail!].sort()).toEqual(['hex:0201', 'hex:0301']);
    expect(refusal(excluded.game, excluded.s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0202', rail: true })).toMatchObject({ code: 'rail-unreachable', message: '1st Crimson Foot cannot reach hex 0202 by rail: rail movement excludes this hex' });
    // 0103, beyond the excluded 0102 and 0202, is barred by none of its own: no way leads there.
    expect(refusal(excluded.game, excluded.s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0103', rail: true }).message).toMatch(/cannot reach hex 0103 \(Crimson Port\) by rail: no way leads there through .*, outside the places rail movement excludes$/);
    const byCountry = withRail({ excludes: { countries: ['crimson'] } });
    expect(byCountry.game.legalListing(byCountry.s, 'red', { movers: ['crimson-1'] }).moves[0].rail).toBeUndefined();
    // By status: Crimson's own country while Crimson is at war.
    const byStatus = withRail({ excludes: { ofStatuses: ['at-war'] } });
    expect(byStatus.game.legalListing(byStatus.s, 'red', { movers: ['crimson-1'] }).moves[0].rail).toBeUndefined();
  });

  it('carries a unit aboard a fleet from a port, and lands it where the fleet stands unless that is an assault', () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
    Object.assign(r.mechanics!.movement!, { transport: { passengers: ['land'], boardAt: ['port'] } });
    r.unitTypes!.fleet.capacity = 1;
    // 0304, a coast hex of no country, for a landing; the fleet and two units start in Crimson Port.
    r.map!.hexes!['0304'] = { terrain: 'coast' };
    r.scenarios!.campaign.placements.find((p) => p.unit === 'crimson-fleet')!.location = { hex: '0103' };
    const game = newGame(r);
    let s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    s = put(game, put(game, playTo(game, s, 'movement-step', 'red'), 'crimson-1', 'hex:0103'), 'crimson-2', 'hex:0103');
    expect(game.legalActions(s, 'red', { movers: ['crimson-1'] })).toContainEqual({ type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' });
    let t = act(game, s, { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' });
    expect(t.units['crimson-1'].at).toBe('carried:crimson-fleet');
    expect(eventsOf(lastEvents(t), 'move')[0].text).toBe('1st Crimson Foot boards Crimson Squadron at hex 0103 (Crimson Port)');
    expect(refusal(game, t, { type: 'board', side: 'red', unit: 'crimson-2', carrier: 'crimson-fleet' })).toMatchObject({ code: 'carrier-full', cite: { pointer: '/unitTypes/fleet/capacity' } });
    // The passenger goes where the fleet goes.
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0304' });
    expect(game.legalActions(t, 'red', { movers: ['crimson-fleet'] })).toContainEqual({ type: 'land', side: 'red', unit: 'crimson-1' });
    t = act(game, t, { type: 'land', side: 'red', unit: 'crimson-1' });
    expect(t.units['crimson-1'].at).toBe('hex:0304');
    expect(t.step.stopped).toContain('crimson-1');
    expect(t.control['hex:0304']).toBe('crimson');
    // Into Azure's port it would be an assault; and a unit that has moved boards no more this step.
    const azure = act(game, act(game, s, { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' }), { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-fleet', to: 'hex:0603' } });
    expect(refusal(game, azure, { type: 'land', side: 'red', unit: 'crimson-1' })).toMatchObject({ code: 'amphibious-assault', message: 'landing in hex 0603 (Azure Port), which Blue controls, is an assault: adjudicate it by hand', cite: { pointer: '/mechanics/movement/transport' } });
    const moved = act(game, s, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0102' });
    expect(refusal(game, put(game, moved, 'crimson-2', 'hex:0103'), { type: 'board', side: 'red', unit: 'crimson-2', carrier: 'crimson-fleet' }).code).toBe('board-after-move');
  });

  it('lands a passenger only ashore, not at sea, even one whose class flies over the sea', () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
    r.mechanics!.movement!.classes!.air = { allowance: 'movement', ignoresTerrain: true, flatCost: 1 };
    Object.assign(r.mechanics!.movement!, { transport: { passengers: ['land', 'air'], boardAt: ['port'] } });
    r.unitTypes!.fleet.capacity = 1;
    r.unitTypes!.air = { name: 'Air', class: 'air', kind: 'air', factors: { attack: 2 }, movement: 4, steps: 1 };
    r.roster!['crimson-air'] = { name: 'Crimson Wing', power: 'crimson', type: 'air' };
    r.scenarios!.campaign.placements.push({ power: 'crimson', unit: 'crimson-air', location: { hex: '0103' } });
    r.scenarios!.campaign.placements.find((p) => p.unit === 'crimson-fleet')!.location = { hex: '0103' };
    const game = newGame(r);
    const s = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'movement-step', 'red');
    // Aboard, out to the open sea at 0204: no landing listed, and one tried is refused.
    const sailed = act(game, act(game, s, { type: 'board', side: 'red', unit: 'crimson-air', carrier: 'crimson-fleet' }), { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0204' });
    expect(game.legalActions(sailed, 'red', { movers: ['crimson-fleet'] }).filter((a) => a.type === 'land')).toEqual([]);
    expect(refusal(game, sailed, { type: 'land', side: 'red', unit: 'crimson-air' })).toMatchObject({ code: 'landing-at-sea', message: 'Crimson Wing lands only ashore, and hex 0204 is all sea', cite: { pointer: '/mechanics/movement/transport' } });
    // Back on the coast at 0103 it lands.
    const back = act(game, sailed, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0103' });
    expect(act(game, back, { type: 'land', side: 'red', unit: 'crimson-air' }).units['crimson-air'].at).toBe('hex:0103');
  });

  it('counts a carrier that has spent its points among the units that may still act while it holds a passenger that may land', () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
    Object.assign(r.mechanics!.movement!, { transport: { passengers: ['land'], boardAt: ['port'] } });
    r.unitTypes!.fleet.capacity = 1;
    r.unitTypes!.fleet.movement = 2;
    r.map!.hexes!['0304'] = { terrain: 'coast' };
    r.scenarios!.campaign.placements.find((p) => p.unit === 'crimson-fleet')!.location = { hex: '0103' };
    const game = newGame(r);
    const s = put(game, playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'movement-step', 'red'), 'crimson-1', 'hex:0103');
    // Both of its points to the coast at 0304, with 1st Crimson Foot aboard.
    const sailed = act(game, act(game, s, { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' }), { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0304' });
    expect(eventsOf(lastEvents(sailed), 'move')[0].cost).toBe(2);
    expect(game.movers(sailed, 'red')).toContain('crimson-fleet');
    expect(game.legalActions(sailed, 'red', { movers: game.movers(sailed, 'red') })).toContainEqual({ type: 'land', side: 'red', unit: 'crimson-1' });
    // Landed, it holds none: it may not move again.
    expect(game.movers(act(game, sailed, { type: 'land', side: 'red', unit: 'crimson-1' }), 'red')).not.toContain('crimson-fleet');
  });

  it('lets a unit landed at a port its side controls move on that step, by land or by rail, where the transport model says so', () => {
    const ruleset = (change?: (r: ResolvedRuleset) => void) => {
      const r = fixture('ridge');
      r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
      Object.assign(r.mechanics!.movement!, { transport: { passengers: ['land'], boardAt: ['port'], movesOnAt: ['port'] }, rail: { distance: 'unlimited', source: { kind: 'rulebook', rule: '4.5' } } });
      r.unitTypes!.fleet.capacity = 1;
      r.map!.hexes!['0304'] = { terrain: 'coast' };
      r.scenarios!.campaign.placements.find((p) => p.unit === 'crimson-fleet')!.location = { hex: '0103' };
      r.scenarios!.campaign.control = [{ by: 'red', places: ['azure-port'] }];
      change?.(r);
      return r;
    };
    /** 1st Crimson Foot aboard the fleet in Crimson Port; then the fleet in Azure Port, which Red holds, and the unit landed there. */
    const aboard = (game: Game) => {
      const s = put(game, playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0501' }), 'movement-step', 'red'), 'crimson-1', 'hex:0103');
      return act(game, s, { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' });
    };
    const landedAtPort = (game: Game) => act(game, act(game, aboard(game), { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-fleet', to: 'hex:0603' } }), { type: 'land', side: 'red', unit: 'crimson-1' });
    const game = newGame(ruleset());
    const landed = landedAtPort(game);
    expect(eventsOf(lastEvents(landed), 'move')[0]).toMatchObject({ text: '1st Crimson Foot lands from Crimson Squadron at hex 0603 (Azure Port), and may move on this step', cite: { pointer: '/mechanics/movement/transport/movesOnAt' } });
    expect(landed.step.stopped).not.toContain('crimson-1');
    const listed = game.legalListing(landed, 'red', { movers: ['crimson-1'] }).moves[0];
    expect(listed.to).toContain('hex:0602');
    expect(listed.to).not.toContain('hex:0403');
    expect(listed.rail).toEqual(['hex:0503']);
    expect(act(game, landed, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0503', rail: true }).units['crimson-1'].at).toBe('hex:0503');
    expect(refusal(game, landed, { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' }).code).toBe('board-after-move');
    // Its class's multiplier after landing: 3 movement points doubled reach 0403, past the hills of 0503.
    const doubled = newGame(ruleset((r) => (r.mechanics!.movement!.classes!.land = { allowance: 'movement', multiplierAfterLanding: 2 })));
    expect(doubled.legalListing(landedAtPort(doubled), 'red', { movers: ['crimson-1'] }).moves[0].to).toContain('hex:0403');
    // At a place that is no port it stops there.
    const coast = act(game, act(game, aboard(game), { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0304' }), { type: 'land', side: 'red', unit: 'crimson-1' });
    expect(coast.step.stopped).toContain('crimson-1');
  });

  it('moves into and out of off-map boxes at their entry costs', () => {
    const { game, s } = setup();
    const blue = playTo(game, s, 'movement-step', 'blue');
    // From the east edge (0602) into the Reserve costs 2; from the listed hex 0502 it costs 1.
    let t = act(game, blue, { type: 'move', side: 'blue', unit: 'azure-1', to: 'box:reserve' });
    expect(eventsOf(lastEvents(t), 'move')[0]).toMatchObject({ cost: 2, path: ['box:reserve'] });
    t = act(game, t, { type: 'move', side: 'blue', unit: 'azure-1', to: 'hex:0502', path: ['hex:0502'] });
    expect(eventsOf(lastEvents(t), 'move')[0].cost).toBe(1);
    // Red may not enter a box open to Blue only.
    const red = put(game, s, 'crimson-1', 'hex:0603');
    expect(refusal(game, red, { type: 'move', side: 'red', unit: 'crimson-1', to: 'box:reserve', path: ['box:reserve'] })).toMatchObject({ code: 'box-closed', cite: { pointer: '/map/boxes/reserve/sides' } });
  });

  it('lists every reachable hex as a legal move, and no move that breaks stacking', () => {
    const { game, s } = setup();
    const moves = game.legalActions(s, 'red').filter((a) => a.type === 'move' && a.unit === 'crimson-1').map((a) => (a as { to: string }).to).sort();
    // 3 MP from 0101: 0102, 0103, 0201, 0202, 0203 (1+1+1 zone = 3, stops), 0301. 0302 would cost 4.
    expect(moves).toEqual(['hex:0102', 'hex:0103', 'hex:0201', 'hex:0202', 'hex:0203', 'hex:0301']);
    let t = put(game, s, 'crimson-2', 'hex:0102');
    t = act(game, t, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0102' } });
    const listed = game.legalActions(t, 'red').filter((a) => a.type === 'move' && a.unit === 'crimson-1').map((a) => (a as { to: string }).to);
    expect(listed).not.toContain('hex:0102');
  });

  it('names the units that may still move, and lists the moves of the units asked for only', () => {
    const { game, s } = setup();
    expect(game.movers(s, 'red')).toContain('crimson-1');
    const some = game.legalActions(s, 'red', { movers: ['crimson-1'] });
    expect(new Set(some.filter((a) => a.type === 'move').map((a) => (a as { unit: string }).unit))).toEqual(new Set(['crimson-1']));
    expect(some.filter((a) => a.type === 'move')).toEqual(game.legalActions(s, 'red').filter((a) => a.type === 'move' && a.unit === 'crimson-1'));
    const t = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0203' });
    expect(game.movers(t, 'red')).not.toContain('crimson-1');
    expect(game.movers(t, 'blue')).toEqual([]);
  });
});

describe('stacking', () => {
  it('refuses to end a checked step with a broken stack the side can still mend', () => {
    const { game, s } = setup();
    let t = put(game, s, 'crimson-2', 'hex:0102');
    t = act(game, t, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0102' } });
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0102' });
    // The move, not listed, is made when asked, and says what it does to the stack.
    expect(eventsOf(lastEvents(t), 'move')[0].text).toMatch(/; over the stacking limit there: the excess is eliminated when stacking is next checked$/);
    const r = refusal(game, t, { type: 'endStep', side: 'red' });
    expect(r).toMatchObject({ code: 'stacking', cite: { pointer: '/mechanics/stacking/limits/0', rule: '3.3' } });
    expect(r.message).toContain('3 land units of Red (1st Crimson Foot, 2nd Crimson Horse, Infantry #5 (Crimson)) where at most 2 may stack');
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0103' });
    act(game, t, { type: 'endStep', side: 'red' });
  });

  it('lets a step end with a broken stack whose units are kept still by exhaustion, handing it to the tester', () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.classes!.land!.stillWhenExhausted = true;
    const { game, s } = setup(r);
    let t = act(game, s, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
    t = act(game, t, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
    const tired = structuredClone(t);
    for (const id of ['crimson-1', 'infantry#5', 'infantry#6']) tired.units[id].exhausted = true;
    expect(game.legalActions(tired, 'red')).toContainEqual({ type: 'endStep', side: 'red' });
    expect(act(game, tired, { type: 'endStep', side: 'red' }).tasks[0].text).toContain('stacking limits broken');
  });

  it('checks stacking where the model names a phase only as the phase ends, not at each step in it', () => {
    // The player turn's phase named: Red's movement and combat end unchecked, and Blue's combat, the phase's last step, checks.
    const r = fixture('ridge');
    r.mechanics!.stacking!.checkedAt = ['player-turn'];
    const { game, s } = setup(r);
    let t = act(game, s, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
    t = act(game, t, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
    t = act(game, t, { type: 'endStep', side: 'red' });
    expect(t.tasks).toEqual([]);
    t = playTo(game, t, 'combat-step', 'blue');
    expect(t.tasks).toEqual([]);
    t = act(game, t, { type: 'endStep', side: 'blue' });
    expect(t.tasks.map((k) => k.text)).toEqual([expect.stringContaining('stacking limits broken')]);
  });

  it('hands an unmendable broken stack to the tester when the step ends', () => {
    const { game, s } = setup();
    const t = endWithUnmendableStack(game, s);
    expect(t.tasks).toHaveLength(1);
    expect(t.tasks[0].text).toContain('stacking limits broken');
    expect(game.activeSides(t)).toEqual([]);
    expect(refusal(game, t, { type: 'endStep', side: 'red' }).code).toBe('adjudication-pending');
  });

  it('has the owner eliminate the excess of an unmendable broken stack where the model says', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!.stacking!, { excess: 'owner-eliminates' });
    const { game, s } = setup(r);
    let t = endWithUnmendableStack(game, s);
    expect(t.tasks).toEqual([]);
    expect(eventsOf(lastEvents(t), 'stacking')[0].text).toBe('hex 0101 (Crimson City): 3 land units of Red (1st Crimson Foot, Infantry #5 (Crimson), Infantry #6 (Crimson)) where at most 2 may stack: Red must eliminate 1 of them');
    expect(eventsOf(lastEvents(t), 'allocation')[0].text).toMatch(/^Red must eliminate 1 of 1st Crimson Foot, /);
    expect(t.losses).toEqual([expect.objectContaining({ side: 'red', points: 1, units: ['crimson-1', 'infantry#5', 'infantry#6'], perStep: false })]);
    expect(game.activeSides(t)).toEqual(['red']);
    // Any one of the three may go, each offered by name.
    const offered = game.legalActions(t, 'red');
    expect(offered.map((a) => a.type === 'allocate' && a.units)).toEqual([['crimson-1'], ['infantry#5'], ['infantry#6']]);
    expect(labelActions(game, t, offered)[0]).toBe('Eliminate 1st Crimson Foot');
    t = act(game, t, { type: 'allocate', side: 'red', loss: t.losses[0].id, units: ['infantry#6'] });
    expect(t.units['infantry#6'].at).toBe('eliminated');
    expect(game.status(t)).toMatchObject({ step: 'Combat', sides: ['red'] });
  });
  it('keeps units of a power set apart from the rest of its side: no move listed to stand with them, and the excess eliminated at the check', () => {
    const r = fixture('ridge');
    // Slate fights on Red's side, but its units may not stack with Crimson's.
    Object.assign(r.powers!.slate, { side: 'red', status: 'at-war' });
    Object.assign(r.mechanics!.stacking!, { excess: 'owner-eliminates', apart: { powers: ['slate'], source: { kind: 'rulebook', rule: '3.4' } } });
    const { game, s } = setup(r);
    let t = put(game, s, 'slate-militia', 'hex:0101');
    // Two units are within every limit, yet Crimson's armor may not end its move beside Slate's militia.
    const listed = game.legalActions(t, 'red').filter((a) => a.type === 'move' && a.unit === 'crimson-2').map((a) => (a as { to: string }).to);
    expect(listed).toContain('hex:0102');
    expect(listed).not.toContain('hex:0101');
    // Standing together while either could still move out, ending the step is listed, with what it would cost (the owner eliminates the excess).
    const warned = game.legalListing(t, 'red');
    expect(warned.others.some((a) => a.type === 'endStep')).toBe(true);
    expect(warned.endWarning?.text).toBe('Red must eliminate units over a stacking limit if it ends the step now, units moved out first being kept: hex 0101 (Crimson City): 2 units of Red (1st Crimson Foot, Slate Militia) of powers that may not stack together (1 to eliminate)');
    expect(act(game, t, { type: 'endStep', side: 'red' }).losses).toEqual([expect.objectContaining({ side: 'red', points: 1 })]);
    for (const u of ['crimson-1', 'slate-militia']) {
      t = act(game, t, { type: 'move', side: 'red', unit: u, to: 'hex:0202' });
      t = act(game, t, { type: 'move', side: 'red', unit: u, to: 'hex:0101', path: ['hex:0101'] });
    }
    // Neither can move any more: the warning says so; the owner eliminates one of the two, of its choice.
    expect(game.legalListing(t, 'red').endWarning).toEqual({
      text: 'Red must eliminate units over a stacking limit when it ends, none of them able to move out: hex 0101 (Crimson City): 2 units of Red (1st Crimson Foot, Slate Militia) of powers that may not stack together (1 to eliminate)',
      cite: expect.objectContaining({ pointer: '/mechanics/stacking/excess' }),
    });
    t = act(game, t, { type: 'endStep', side: 'red' });
    expect(eventsOf(lastEvents(t), 'stacking')[0].text).toBe('hex 0101 (Crimson City): 2 units of Red (1st Crimson Foot, Slate Militia) of powers that may not stack together: Red must eliminate 1 of them');
    expect(t.losses).toEqual([expect.objectContaining({ side: 'red', points: 1, units: ['crimson-1', 'slate-militia'] })]);
    t = act(game, t, { type: 'allocate', side: 'red', loss: t.losses[0].id, units: ['slate-militia'] });
    expect(t.units['slate-militia'].at).toBe('eliminated');
    expect(t.units['crimson-1'].at).toBe('hex:0101');
  });
});

describe('gaps in movement data', () => {
  it('leaves a cost that is a gap out of the listed moves, asks for it on an explicit path, and can keep the ruling', () => {
    const r = fixture('ridge');
    r.tables!['terrain-effects'].cells.forest.cost = { gap: 'smudged on the chart', rule: '3.1' };
    const { game, s } = setup(r);
    const listed = () => game.legalActions(s, 'red').filter((a) => a.type === 'move' && a.unit === 'crimson-1').map((a) => (a as { to: string }).to);
    expect(listed()).not.toContain('hex:0202');
    // The listing says which value the moves it left out wait on, and whose moves they are.
    const { waiting } = game.legalListing(s, 'red');
    expect(waiting).toHaveLength(1);
    expect(waiting![0].question).toMatchObject({ key: '/tables/terrain-effects/cells/forest/cost', cite: { rule: '3.1' } });
    expect(waiting![0].units).toContain('crimson-1');
    const asked = game.applyAction(s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0202', path: ['hex:0202'] });
    expect(asked.ok && asked.question).toMatchObject({ key: '/tables/terrain-effects/cells/forest/cost', text: 'cost to enter forest: table "Terrain Effects", row forest, column cost is a gap (smudged on the chart)', cite: { rule: '3.1' } });
    const t = act(game, (asked as { state: typeof s }).state, { type: 'answer', key: '/tables/terrain-effects/cells/forest/cost', value: 2, remember: true });
    expect(eventsOf(lastEvents(t), 'move')[0].cost).toBe(2);
    // The move says which cost the tester gave, as a table lookup does.
    expect(eventsOf(lastEvents(t), 'move')[0].text).toMatch(/hex 0202 for 2 \([^)]*, the tester's ruling\)/);
    expect(game.legalActions(t, 'red').some((a) => a.type === 'move' && a.to === 'hex:0203')).toBe(true);
    expect(t.rulings['/tables/terrain-effects/cells/forest/cost']).toBe(2);
    // Ruled on, the value is no longer waited on.
    expect(game.legalListing(t, 'red').waiting).toBeUndefined();
    // Withdrawn by the tester, logged as manual: the engine waits on it, and asks, again.
    const withdrawn = act(game, t, { type: 'manual', op: { op: 'forgetRuling', key: '/tables/terrain-effects/cells/forest/cost' } });
    expect(withdrawn.rulings).toEqual({});
    expect(eventsOf(lastEvents(withdrawn), 'adjudication')[0]).toMatchObject({ manual: true, text: 'Tester: withdraws the ruling /tables/terrain-effects/cells/forest/cost = 2: the engine asks again when it next needs it', cite: { rule: '3.1' } });
    expect(game.legalListing(withdrawn, 'red').waiting).toHaveLength(1);
    expect(refusal(game, withdrawn, { type: 'manual', op: { op: 'forgetRuling', key: '/tables/terrain-effects/cells/forest/cost' } })).toMatchObject({ code: 'unknown-ruling' });
  });

  it('checks a rail move for all that does not depend on a rail value the data lacks before asking for it', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!.movement!, { rail: { distance: { gap: 'not printed', rule: '4.5' }, unitsPerTurn: { gap: 'not printed', rule: '4.5' }, throughFriendlyOnly: true, excludes: { hexes: ['0102'] } } });
    const { game, s } = setup(r);
    const rail = (to: string) => ({ type: 'move' as const, side: 'red', unit: 'crimson-1', to, rail: true });
    // Excluded, in a hostile zone, or reached by no way at all: refused at once, whatever the limit and the distance.
    expect(refusal(game, s, rail('hex:0102'))).toMatchObject({ code: 'rail-unreachable', message: '1st Crimson Foot cannot reach hex 0102 by rail: rail movement excludes this hex' });
    expect(refusal(game, s, rail('hex:0203')).code).toBe('rail-unreachable');
    // Reachable: the limit is asked for first, then the distance.
    const limit = game.applyAction(s, rail('hex:0301'));
    expect(limit.ok && limit.question).toMatchObject({ key: '/mechanics/movement/rail/unitsPerTurn' });
    const distance = game.applyAction((limit as { state: GameState }).state, { type: 'answer', key: '/mechanics/movement/rail/unitsPerTurn', value: 3 });
    expect(distance.ok && distance.question).toMatchObject({ key: '/mechanics/movement/rail/distance', text: 'rail distance (the most locations a unit may enter by rail): the data has a gap (not printed)' });
    // 0301 lies 2 locations away: a distance of 1 falls short, said so.
    const held = (distance as { state: GameState }).state;
    const short = refusal(game, held, { type: 'answer', key: '/mechanics/movement/rail/distance', value: 1 });
    expect(short).toMatchObject({ code: 'rail-too-far', message: '1st Crimson Foot cannot reach hex 0301 by rail: the shortest way there enters 2 locations, more than the rail distance (1)', cite: { pointer: '/mechanics/movement/rail/distance', rule: '4.5' } });
    const answered = game.applyAction(held, { type: 'answer', key: '/mechanics/movement/rail/distance', value: 2 });
    expect(answered.ok && answered.state.units['crimson-1'].at).toBe('hex:0301');
  });

  it('withdraws an action refused once answered, and keeps the rulings the tester asked to keep all the same', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!.movement!, { rail: { distance: { gap: 'not printed', rule: '4.5' }, throughFriendlyOnly: true } });
    const { game, s } = setup(r);
    const move = { type: 'move' as const, side: 'red', unit: 'crimson-1', to: 'hex:0301', rail: true };
    const key = '/mechanics/movement/rail/distance';
    const held = (game.applyAction(s, move) as { state: GameState }).state;
    expect(held.suspended?.question.key).toBe(key);
    // Not kept: the game stands before the action, no question waiting, nothing logged.
    const once = game.applyAction(held, { type: 'answer', key, value: 1 });
    expect(once.ok).toBe(false);
    const dropped = (once as Extract<typeof once, { ok: false }>).withdrawn!;
    expect(dropped.action).toEqual(move);
    expect(dropped.state.suspended).toBeUndefined();
    expect(dropped.state.log).toHaveLength(s.log.length);
    expect(dropped.state.rulings).toEqual({});
    // Kept: the ruling answered its question, and is logged as kept by hand, with the question's words.
    const kept = game.applyAction(held, { type: 'answer', key, value: 1, remember: true });
    expect(kept).toMatchObject({ ok: false, refusal: { code: 'rail-too-far' } });
    const after = (kept as Extract<typeof kept, { ok: false }>).withdrawn!.state;
    expect(after.suspended).toBeUndefined();
    expect(after.rulings).toEqual({ [key]: 1 });
    expect(after.log).toHaveLength(s.log.length + 1);
    expect(after.log.at(-1)!.action).toEqual({ type: 'manual', op: { op: 'keepRuling', key, value: 1, question: 'rail distance (the most locations a unit may enter by rail): the data has a gap (not printed)' } });
    expect(eventsOf(lastEvents(after), 'adjudication')[0]).toMatchObject({ manual: true, text: `Tester: keeps the ruling ${key} = 1 for the rest of the game (rail distance (the most locations a unit may enter by rail): the data has a gap (not printed))`, cite: { pointer: key, rule: '4.5' } });
    // Tried again, the move is refused without asking; one within the ruling's distance is made; the log replays.
    expect(refusal(game, after, move).code).toBe('rail-too-far');
    expect(act(game, after, { ...move, to: 'hex:0202' }).units['crimson-1'].at).toBe('hex:0202');
    const replayed = game.replay(after.log);
    expect(replayed.ok && replayed.state.rulings).toEqual({ [key]: 1 });
    // A ruling kept by hand names a question and a number or a text.
    expect(refusal(game, s, { type: 'manual', op: { op: 'keepRuling', key: '', value: 1, question: 'q' } }).code).toBe('bad-value');
  });

  it("names a unit's movement allowance that is a gap as what its moves wait on", () => {
    const r = fixture('ridge');
    r.unitTypes!.infantry.movement = { gap: 'not printed', rule: '8' };
    const { game, s } = setup(r);
    const t = act(game, s, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
    const listing = game.legalListing(t, 'red');
    const infantry = Object.values(t.units).filter((u) => u.type === 'infantry' && u.power === 'crimson' && u.at.startsWith('hex:')).map((u) => u.id);
    expect(infantry).toHaveLength(2);
    expect(listing.moves.filter((m) => infantry.includes(m.unit))).toEqual([]);
    expect(listing.waiting).toEqual([{ question: expect.objectContaining({ key: '/unitTypes/infantry/movement', cite: expect.objectContaining({ rule: '8' }) }), units: infantry }]);
    // The answer serves every unit of the type, and the question says so rather than naming the first unit met.
    expect(listing.waiting![0].question.text).toBe("the Infantry type's movement: the data has a gap (not printed)");
  });

  it('refuses a move no way leads to, whatever the allowance, without asking for an allowance that is a gap', () => {
    const r = fixture('ridge');
    r.unitTypes!.infantry.movement = { gap: 'not printed', rule: '8' };
    const { game, s } = setup(r);
    // 0602 holds Blue's unit: said at once.
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0602' })).toMatchObject({ code: 'hostile-units' });
    const asked = game.applyAction(s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' });
    expect(asked.ok && asked.question).toMatchObject({ key: '/unitTypes/infantry/movement' });
  });

  it('counts a unit whose allowance is a gap among those that may move, so a step that waits on the value is never passed as empty', () => {
    const r = fixture('ridge');
    r.unitTypes!.infantry.movement = { gap: 'not printed', rule: '8' };
    const { game, s } = setup(r);
    expect(game.movers(s, 'red')).toContain('crimson-1');
    const run = runBots(game, s, {}, () => botRng(1), { limit: 10, passing: true });
    expect(run).toMatchObject({ actions: 0, halt: { kind: 'human', sides: ['red'] } });
  });

  it('asks for the allowance a unit type of a moving class does not print at all, rather than reading it as 0', () => {
    const r = fixture('ridge');
    delete (r.unitTypes!.infantry as { movement?: unknown }).movement;
    const { game, s } = setup(r);
    const [waiting] = game.legalListing(s, 'red').waiting ?? [];
    expect(waiting.question).toMatchObject({ key: '/unitTypes/infantry/movement', text: 'movement of Infantry (its class, land, moves by its movement): the data does not give it' });
    expect(waiting.units).toContain('crimson-1');
    const asked = game.applyAction(s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' });
    expect(asked.ok && asked.question).toMatchObject({ key: '/unitTypes/infantry/movement' });
  });

  it('names the unit whose own printed value is a gap', () => {
    const r = fixture('ridge');
    r.roster!['crimson-1'].movement = { gap: 'smudged on this counter', rule: '8' };
    const { game, s } = setup(r);
    const waiting = game.legalListing(s, 'red').waiting ?? [];
    expect(waiting.map((w) => [w.question.key, w.question.text])).toContainEqual(['/roster/crimson-1/movement', "1st Crimson Foot's movement: the data has a gap (smudged on this counter)"]);
  });
});
