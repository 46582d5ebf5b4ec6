import { describe, expect, it } from 'vitest';
import { botRng, runBots } from '@/engine/game/bots';
import { greedyBot } from '@/engine/game/bots/greedy';
import type { GameState, PlayerAction } from '@/engine/game';
import { graphOf, stepsFrom } from '@/engine/game/graph';
import { act, fixture, newGame, playTo, put } from './play';

// The greedy bot on the ridge: Red's levels want Azure City and, from turn 8, the Pass (0303).
const redToMove = () => {
  const game = newGame(fixture('ridge'));
  const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
  return { game, s: playTo(game, s, 'movement-step', 'red') };
};

/**
 * The ridge with a haven for Red's fleet off the map, listed at the sea hex 0104 and entered for 1: a land unit there
 * cannot leave it on its own (sea all round). The fleet carries one unit (boarding in a box too) and moves 3, so that
 * sailing from the haven to the coast beside the Pass (0304, made a coast hex of no country) spends all its points.
 */
const withHaven = () => {
  const r = fixture('ridge');
  r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
  Object.assign(r.mechanics!.movement!, { transport: { passengers: ['land'], boardAt: ['port'], boardInBoxes: true } });
  r.unitTypes!.fleet.capacity = 1;
  r.unitTypes!.fleet.movement = 3;
  r.map!.hexes!['0304'] = { terrain: 'coast' };
  r.map!.boxes!.haven = { name: 'Haven', sides: ['red'], entries: [{ from: 'listed', cost: 1 }], hexes: ['0104'] };
  const game = newGame(r);
  const s = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'movement-step', 'red');
  return { game, s: put(game, s, 'crimson-1', 'box:haven') };
};

/** The greedy bot's actions for a side until it ends the step, and the position then. */
function playStep(game: ReturnType<typeof newGame>, state: GameState, side: string, seed: number): { actions: PlayerAction[]; s: GameState } {
  const rng = botRng(seed);
  const actions: PlayerAction[] = [];
  let s = state;
  for (let n = 0; n < 50; n++) {
    const a = greedyBot(game, s, side, rng)!.action;
    if (a.type === 'endStep') return { actions, s };
    actions.push(a);
    s = act(game, s, a);
  }
  throw new Error('the step did not end');
}

describe('the greedy bot', () => {
  it('moves a unit onto a place its levels want when one can reach it', () => {
    const { game, s } = redToMove();
    // The militia is gone: a red unit may now take the Pass, and Slate has no forces to bring in against Red.
    const open = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'slate-militia', to: 'eliminated' } });
    const listed = game.legalActions(open, 'red').filter((a) => a.type === 'move' && a.to === 'hex:0303');
    expect(listed.length).toBeGreaterThan(0);
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, open, 'red', botRng(seed))?.action).toMatchObject({ type: 'move', to: 'hex:0303' });
  });

  it("invades a neutral for a place its levels want, though the neutral's forces join the enemy: that is the war its levels ask for", () => {
    const { game, s } = redToMove();
    // The militia steps off the Pass but stays on the board: taking the Pass invades Slate, which joins Blue with it.
    const open = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'slate-militia', to: 'hex:0504' } });
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, open, 'red', botRng(seed))?.action).toMatchObject({ type: 'move', to: 'hex:0303' });
  });

  it('sends a unit back to its capital when an enemy unit is as near to it as its own', () => {
    const { game, s } = redToMove();
    // Crimson City (0101), which Blue's level wants, is left empty; 1st Azure Guard stands beside it.
    const threatened = put(game, put(game, s, 'crimson-1', 'hex:0203'), 'azure-1', 'hex:0102');
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, threatened, 'red', botRng(seed))?.action).toMatchObject({ type: 'move', to: 'hex:0101' });
  });

  it('counts a place threatened while one unit alone keeps it safe, so that unit does not walk away and back', () => {
    const { game, s } = redToMove();
    // 1st Crimson stands beside its empty capital (0101), nearer than 1st Azure Guard (0203, two steps); 2nd Crimson as far as
    // the enemy. Measured with 1st Crimson, the capital is safe and it would head for Red's goals, then come back once the
    // enemy is as near; measured without it, the capital is threatened, and it goes onto it.
    const alone = put(game, put(game, put(game, s, 'crimson-1', 'hex:0102'), 'crimson-2', 'hex:0302'), 'azure-1', 'hex:0203');
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, alone, 'red', botRng(seed))?.action).toMatchObject({ type: 'move', unit: 'crimson-1', to: 'hex:0101' });
  });

  it('takes no step toward a place to take that leads it away from a threatened place to keep: it would only come back', () => {
    const r = fixture('ridge');
    r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
    r.unitTypes!.fleet.movement = 3;
    // Fleets take control here, so that Azure City is a place the fleet would take, and only the threat holds it back.
    r.mechanics!.control = { takenBy: ['land', 'naval'], source: { kind: 'rulebook', rule: '3' } };
    const game = newGame(r);
    const s = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'movement-step', 'red');
    // Red's land units gone and 1st Azure Guard two steps from Crimson City: the fleet sails to the port nearest the
    // capital (0103), and stays there rather than head for Azure City along the coast (farther from the capital).
    const threatened = put(game, put(game, put(game, s, 'crimson-1', 'eliminated'), 'crimson-2', 'eliminated'), 'azure-1', 'hex:0203');
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, threatened, 'red', botRng(seed))?.action).toMatchObject({ type: 'move', unit: 'crimson-fleet', to: 'hex:0103' });
    const there = act(game, threatened, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0103' });
    expect(game.legalListing(there, 'red').moves[0]?.to).toContain('hex:0304');
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, there, 'red', botRng(seed))?.action).toMatchObject({ type: 'endStep' });
  });

  it('draws no unit to a place to take that its class cannot take control of: a fleet sails for no capital it cannot take', () => {
    // Azure City (0601) and the hex beside it made coast: the fleet sails there from 0104 in one move (7 hexes), as 1st
    // Crimson Foot, four hexes off, cannot; Blue's units gone, so that no place of Red's is threatened.
    const board = (takenBy?: ('land' | 'naval')[]) => {
      const r = fixture('ridge');
      r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
      r.unitTypes!.fleet.movement = 8;
      r.map!.hexes!['0601'] = { terrain: 'coast', country: 'azure' };
      r.map!.hexes!['0602'] = { terrain: 'coast', country: 'azure' };
      if (takenBy) r.mechanics!.control = { takenBy, source: { kind: 'rulebook', rule: '3' } };
      const game = newGame(r);
      let s = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'movement-step', 'red');
      for (const [unit, at] of [['azure-1', 'eliminated'], ['azure-2', 'eliminated'], ['azure-fort', 'eliminated'], ['crimson-2', 'eliminated'], ['crimson-1', 'hex:0201']]) s = put(game, s, unit, at);
      return { game, s };
    };
    const { game, s } = board();
    expect(game.legalListing(s, 'red', { movers: ['crimson-fleet'] }).moves[0]?.to).toContain('hex:0601');
    expect(game.legalListing(s, 'red', { movers: ['crimson-1'] }).moves[0]?.to).not.toContain('hex:0601');
    for (let seed = 1; seed <= 5; seed++) {
      const choice = greedyBot(game, s, 'red', botRng(seed));
      expect(choice?.action, `seed ${seed}`).toMatchObject({ type: 'move', unit: 'crimson-1' });
      expect(choice?.why).not.toMatch(/: it gets there$/);
      expect(playStep(game, s, 'red', seed).actions.filter((a) => a.type === 'move' && a.unit === 'crimson-fleet'), `seed ${seed}`).toEqual([]);
    }
    // Where the ruleset's control rule has fleets take control too, the fleet sails there and takes it.
    const naval = board(['land', 'naval']);
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(naval.game, naval.s, 'red', botRng(seed))).toMatchObject({ action: { type: 'move', unit: 'crimson-fleet', to: 'hex:0601' }, why: expect.stringMatching(/goes from 0 to 1$/) });
  });

  it('brings a unit nearer a place its levels want when none can reach one yet', () => {
    const { game, s } = redToMove();
    const g = graphOf(game.rules);
    // Steps to the nearer of Azure City (0601) and the Pass (0303), both in other hands.
    const steps = stepsFrom(g, ['hex:0601', 'hex:0303'].map((at) => g.index.get(at)!));
    const away = (at: string) => steps[g.index.get(at)!];
    for (let seed = 1; seed <= 5; seed++) {
      const a = greedyBot(game, s, 'red', botRng(seed))?.action;
      if (a?.type !== 'move') throw new Error(`seed ${seed}: ${JSON.stringify(a)}`);
      expect(away(a.to)).toBeLessThan(away(s.units[a.unit].at));
    }
  });

  it('never moves the last of its units off its capital to go after its goals', () => {
    const { game, s } = redToMove();
    // 1st Crimson Foot alone holds Crimson City (0101): it stays while the others march.
    const held = put(game, s, 'crimson-1', 'hex:0101');
    expect(game.legalActions(held, 'red').some((a) => a.type === 'move' && a.unit === 'crimson-1')).toBe(true);
    for (let seed = 1; seed <= 8; seed++) expect(greedyBot(game, held, 'red', botRng(seed))?.action).not.toMatchObject({ type: 'move', unit: 'crimson-1' });
  });

  it('fights where its units already stand among the enemy\'s (an area moved into), likely won or not, rather than ending the step beside them', () => {
    const r = fixture('isles');
    r.unitTypes!.foot.factors = { attack: 1, defense: 2 };
    r.mechanics!.combat!.land = { model: 'per-unit-dice', attackFactor: 'attack', defenseFactor: 'defense', dieSides: 6, source: { kind: 'rulebook', rule: '3' } };
    const game = newGame(r, 1);
    // West Foot alone (attack 1) moves into the Middle Isle, held by East Foot (defence 2): no likely win.
    const s = playTo(game, act(game, game.initial, { type: 'move', side: 'red', unit: 'w-foot', to: 'area:middle' }), 'fight', 'red');
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, s, 'red', botRng(seed))?.action).toMatchObject({ type: 'attack', target: 'area:middle' });
  });

  it('spends its points in a production step rather than ending it', () => {
    const game = newGame(fixture('ridge'));
    const s = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'produce', 'red', 2);
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, s, 'red', botRng(seed))?.action.type).toBe('buy');
  });

  it('buys where a unit stands nearest the place its levels want taken', () => {
    const game = newGame(fixture('ridge'));
    const s = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'produce', 'red', 2);
    const g = graphOf(game.rules);
    const toPass = stepsFrom(g, [g.index.get('hex:0303')!]);
    const sites = [...new Set(game.legalActions(s, 'red').flatMap((a) => (a.type === 'buy' && a.at ? [a.at] : [])))];
    expect(sites.length).toBeGreaterThan(1);
    const nearest = Math.min(...sites.map((at) => toPass[g.index.get(at)!]));
    for (let seed = 1; seed <= 5; seed++) {
      const a = greedyBot(game, s, 'red', botRng(seed))?.action;
      expect(a?.type === 'buy' && a.at && toPass[g.index.get(a.at)!]).toBe(nearest);
    }
  });

  it('looks ahead at a purchase where a victory check on the spot may end the game with it, and buys what wins', () => {
    // Crimson (Red) producing on turn 2, with its units on the map then.
    const producing = (r = fixture('ridge')) => {
      const game = newGame(r);
      return { game, s: playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'produce', 'red', 2) };
    };
    const onMap = (s: GameState) => Object.values(s.units).filter((u) => u.power === 'crimson' && u.at.startsWith('hex:')).length;
    const before = producing();
    expect(before.game.legalActions(before.s, 'red').some((a) => a.type === 'buy')).toBe(true);
    // Checked on the spot, a level Red reaches with one more unit on the map ends the game at once: the bot looks ahead at the purchases and buys.
    const r = fixture('ridge');
    r.victory!.checks.push({ when: 'immediately', endsGame: true, source: { kind: 'rulebook', rule: '9' } });
    r.victory!.levels.push({ id: 'red-musters', name: 'Red musters', side: 'red', condition: { op: 'compare', left: { op: 'count', controlledBy: 'crimson', units: true }, cmp: '>', right: onMap(before.s) }, source: { kind: 'rulebook', rule: '9' } });
    const { game, s } = producing(r);
    expect(onMap(s)).toBe(onMap(before.s));
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, s, 'red', botRng(seed))?.action).toMatchObject({ type: 'buy' });
  });

  it('says why it chose each action, kept with the entry in the log: what it gained, spent, fought or moved toward, or why it ends the step', () => {
    const { game, s } = redToMove();
    const why = (state: GameState) => greedyBot(game, state, 'red', botRng(1))?.why;
    // A place taken at once: what the levels count, before and after.
    const open = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'slate-militia', to: 'eliminated' } });
    expect(why(open)).toMatch(/^the best of \d+ actions? looked at, looking ahead \(any battle on dice of its own\): its victory standing \(the places its levels want held, less those the enemy's want\) goes from -?\d+ to -?\d+$/);
    // Its capital threatened: a unit sent back, and how far it then stands.
    expect(why(put(game, put(game, s, 'crimson-1', 'hex:0203'), 'azure-1', 'hex:0102'))).toBe('it brings the unit nearer hex 0101 (Crimson City), a place its side must keep that the enemy is as near to as its other units are: it gets there');
    // Nothing in reach: a unit brought nearer a place its levels want (Slate's ground taken on the way, in a war worth making).
    expect(why(s)).toMatch(/^it brings the unit nearer hex 0(601 \(Azure City\)|303 \(The Pass\)), a place its side’s victory levels want taken \(\d+ steps? away after it\)(; it brings a power into the war, and takes ground in doing so)?$/);
    // Points spent where a bought unit stands nearest its goals.
    const producing = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'produce', 'red', 2);
    expect(why(producing)).toMatch(/^points are spent while no action improves its victory standing now: bought where it stands nearest the places its side’s victory levels want taken \(\d+ steps? away\)$/);
    // Played by the bots, the reason is kept with the entry of the log, and in a replay of the log.
    const run = runBots(game, open, { red: 'greedy' }, () => botRng(1), { limit: 1 });
    const entry = run.state.log.at(-1)!;
    expect(entry.why).toBe(why(open));
    const replayed = game.replay(run.state.log.slice(open.log.length), open);
    expect(replayed.ok && replayed.state.log.at(-1)!.why).toBe(entry.why);
  });

  it('boards a land unit that cannot leave a box on its own onto the fleet there, sails it to the landing nearest its goals, and lands it', () => {
    const { game, s } = withHaven();
    const haven = put(game, s, 'crimson-fleet', 'box:haven');
    // Alone, 1st Crimson Foot gets nowhere: the haven's one way out is onto the sea.
    expect(game.legalListing(haven, 'red', { movers: ['crimson-1'] }).moves.flatMap((m) => m.to).filter((at) => at.startsWith('hex:'))).toEqual([]);
    for (let seed = 1; seed <= 5; seed++) {
      const { actions, s: after } = playStep(game, haven, 'red', seed);
      const carried = actions.filter((a) => 'unit' in a && ['crimson-1', 'crimson-fleet'].includes(a.unit));
      // Aboard, to the coast beside the Pass (Crimson Port, the only other landing in reach, lies further), and ashore there.
      expect(carried, `seed ${seed}`).toEqual([
        { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' },
        { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0304' },
        { type: 'land', side: 'red', unit: 'crimson-1' },
      ]);
      expect(after.units['crimson-1'].at).toBe('hex:0304');
    }
    // The fleet spent all its points getting there: its passenger is landed all the same.
    const sailed = act(game, act(game, haven, { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' }), { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0304' });
    expect(greedyBot(game, sailed, 'red', botRng(1))).toMatchObject({ action: { type: 'land', side: 'red', unit: 'crimson-1' }, why: expect.stringMatching(/^its carrier stands at the landing nearest its side’s goals that it can reach \(\d+ steps? from them\)$/) });
  });

  it('sends an empty fleet to fetch a unit waiting in a box, and leaves units that walk nearer ashore', () => {
    const { game, s } = withHaven();
    // The fleet stands at 0104, beside the haven; 1st Crimson Foot waits in the haven for it.
    for (let seed = 1; seed <= 5; seed++) expect(playStep(game, s, 'red', seed).actions).toContainEqual({ type: 'move', side: 'red', unit: 'crimson-fleet', to: 'box:haven' });
    // With the fleet in Crimson Port beside 2nd Crimson Horse, which marches nearer the Pass on its own: it does not board.
    const port = put(game, put(game, put(game, s, 'crimson-1', 'hex:0101'), 'crimson-fleet', 'hex:0103'), 'crimson-2', 'hex:0103');
    expect(game.legalActions(port, 'red', { movers: ['crimson-2'] })).toContainEqual({ type: 'board', side: 'red', unit: 'crimson-2', carrier: 'crimson-fleet' });
    for (let seed = 1; seed <= 5; seed++) expect(playStep(game, port, 'red', seed).actions.filter((a) => a.type === 'board')).toEqual([]);
  });
});
