import { describe, expect, it } from 'vitest';
import type { GameState } from '@/engine/game';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, refusal } from './play';
import { botRng, runBots } from '@/engine/game/bots';
import { currentSlot } from '@/engine/game/sequence-slots';

const begin = (r: ResolvedRuleset = fixture('ridge'), options = {}) => {
  const game = newGame(r, 1, options);
  return { game, s: act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }) };
};
/** "id/actor" of every slot entered or skipped, in order. */
const walk = (s: GameState) => s.log.flatMap((e) => eventsOf(e.events, 'sequence')).filter((e) => e.what !== 'end').map((e) => `${e.what === 'skip' ? 'skip ' : ''}${e.id}${e.actor && e.actor !== 'both' ? '/' + e.actor : ''}`);
/** Ends every step until the given turn begins. */
const untilTurn = (game: ReturnType<typeof begin>['game'], s: GameState, turn: number) => {
  let t = s;
  while (t.turn < turn) t = act(game, t, { type: 'endStep', side: game.activeSides(t)[0] });
  return t;
};

describe('the sequence of play', () => {
  it('walks phases and steps in order, sides acting in turn, skipping what the ruleset skips', () => {
    const { game, s } = begin();
    const t = playTo(game, s, 'movement-step', 'red', 2);
    expect(walk(t)).toEqual([
      'setup',
      'skip production-phase',
      'movement-step/red', 'combat-step/red', 'movement-step/blue', 'combat-step/blue',
      'supply-step', 'victory-step',
      'reinforce/azure', 'produce/azure', 'reinforce/crimson', 'produce/crimson',
      'movement-step/red',
    ]);
    expect(t.log.flatMap((e) => eventsOf(e.events, 'turn')).map((e) => e.text)).toEqual(['Turn 1 begins', 'Turn 1 ends', 'Turn 2 begins']);
  });

  it('plays a step that names its own actor once in a phase the sides take in turn: in that side\'s turn, or the first for both', () => {
    const r = fixture('ridge');
    const [movement, combat] = r.sequence!.phases[1].steps!;
    r.sequence!.phases[1].steps = [{ ...movement, actor: 'blue' }, { ...combat, id: 'red-combat', actor: 'red' }, { ...combat, id: 'joint-combat', actor: 'both' }];
    const { game, s } = begin(r);
    const t = untilTurn(game, s, 2);
    expect(walk(t).slice(0, 6)).toEqual(['setup', 'skip production-phase', 'red-combat/red', 'joint-combat', 'movement-step/blue', 'supply-step']);
  });

  it('starts the first turn with the scenario\'s first side', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.firstSide = 'blue';
    const { game, s } = begin(r);
    expect(game.activeSides(s)).toEqual(['blue']);
    const t = playTo(game, s, 'movement-step', 'red', 2);
    expect(walk(t).filter((x) => x.startsWith('movement'))).toEqual(['movement-step/blue', 'movement-step/red', 'movement-step/red']);
  });

  it('skips a step for each actor while its condition holds', () => {
    const r = fixture('ridge');
    r.sequence!.phases[1].steps![1].skip = { op: 'turn', cmp: '==', turn: { turn: 1 } };
    const { game, s } = begin(r);
    const t = playTo(game, s, 'combat-step', 'red', 2);
    expect(walk(t).filter((x) => x.includes('combat'))).toEqual(['skip combat-step/red', 'skip combat-step/blue', 'combat-step/red']);
  });

  it('alternates actors until both pass in succession', () => {
    const r = fixture('ridge');
    r.sequence!.phases[1] = { id: 'player-turn', name: 'B. Player Turn', actor: 'both', steps: [{ id: 'movement-step', name: 'Movement', actor: 'each-side', order: ['red', 'blue'], repeat: 'alternate-until-both-pass', procedure: 'movement' }] };
    const { game, s } = begin(r);
    expect(game.activeSides(s)).toEqual(['red']);
    let t = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' });
    expect(game.activeSides(t)).toEqual(['blue']);
    expect(refusal(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0301' })).toMatchObject({ code: 'not-your-turn', cite: { pointer: '/sequence/phases/1/steps/0' } });
    t = act(game, t, { type: 'endStep', side: 'blue' });
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0301' });
    t = act(game, t, { type: 'endStep', side: 'blue' });
    expect(game.activeSides(t)).toEqual(['red']);
    t = act(game, t, { type: 'endStep', side: 'red' });
    expect(walk(t).slice(-4)).toEqual(['supply-step', 'victory-step', 'reinforce/azure', 'produce/azure']);
  });

  it('advances the turn track to the last turn and ends with the level then reached, or the ruleset\'s otherwise', () => {
    const { game, s } = begin();
    let t = s;
    while (!t.over) t = act(game, t, { type: 'endStep', side: game.activeSides(t)[0] });
    expect(t.turn).toBe(8);
    expect(t.over).toEqual({ text: 'Draw', turn: 8, cite: { pointer: '/victory/otherwise', rule: '9' } });
    expect(lastEvents(t).slice(-2).map((e) => e.text)).toEqual(['Turn 8 ends', 'Game over on turn 8: Draw']);
    expect(refusal(game, t, { type: 'endStep', side: 'red' })).toMatchObject({ code: 'game-over', cite: { pointer: '/victory/otherwise' } });
    expect(game.legalActions(t, 'red')).toEqual([]);
  });

  it('in a step each power of a side plays in turn, moves and attacks with that power\'s units alone', () => {
    const r = fixture('ridge');
    // Slate fights for Red here, and Red's powers take the player turn one after the other.
    Object.assign(r.powers!.slate, { side: 'red', status: 'at-war' });
    Object.assign(r.sequence!.phases[1], { actor: 'each-power', order: ['crimson', 'slate', 'azure'] });
    const { game, s } = begin(r);
    const crimsons = playTo(game, s, 'movement-step', 'red');
    expect(game.status(crimsons).step).toMatch(/Movement/);
    expect(new Set(game.movers(crimsons, 'red').map((id) => crimsons.units[id].power))).toEqual(new Set(['crimson']));
    expect(refusal(game, crimsons, { type: 'move', side: 'red', unit: 'slate-militia', to: 'hex:0302' })).toMatchObject({
      code: 'out-of-turn',
      message: "Red may not move Slate Militia now: this step is Crimson's turn, in which only its units act",
      cite: { pointer: '/sequence/phases/1/steps/0' },
    });
    // In Slate's own turn, its militia moves.
    const crimsonCombat = act(game, crimsons, { type: 'endStep', side: 'red' });
    // The step's end names the power whose turn it was.
    expect(eventsOf(lastEvents(crimsonCombat), 'sequence').find((e) => e.what === 'end')?.text).toBe('Crimson: done');
    const slates = act(game, crimsonCombat, { type: 'endStep', side: 'red' });
    expect([currentSlot(game.rules, slates)?.stepId, currentSlot(game.rules, slates)?.actor]).toEqual(['movement-step', 'slate']);
    expect(game.movers(slates, 'red')).toEqual(['slate-militia']);
  });

  it('reminds the tester of the special rules of a step', () => {
    const { game, s } = begin();
    const t = playTo(game, s, 'combat-step', 'red');
    expect(eventsOf(lastEvents(t), 'reminder')).toEqual([expect.objectContaining({ text: 'Reminder: Night fighting: Attacks across the river are made at night.', cite: { pointer: '/specialRules/night', rule: '4.4' } })]);
  });
});

describe('what no model automates', () => {
  it('reminds the tester of the special rules and manual parts of an automatic step without stopping there', () => {
    const r = fixture('ridge');
    r.specialRules!.attrition = { name: 'Attrition', text: 'Units out of supply lose a step.', appliesIn: ['supply-step'], source: { kind: 'rulebook', rule: '7.2' } };
    r.mechanics!.supply!.manual = [{ text: 'Supply across the strait is traced by hand.', rule: '7.3' }];
    const { game, s } = begin(r);
    const t = untilTurn(game, s, 2);
    const reminded = t.log.flatMap((e) => eventsOf(e.events, 'reminder')).map((e) => [e.text, e.cite?.rule]);
    expect(reminded).toEqual(expect.arrayContaining([['Reminder: Attrition: Units out of supply lose a step.', '7.2'], ['Reminder: Supply across the strait is traced by hand.', '7.3']]));
    expect(t.tasks).toEqual([]);
  });

  it("plays a step each power takes, in a phase each side takes in turn, for the powers of the side whose turn it is: a power buys once a turn, in its side's turn", () => {
    const r = fixture('ridge');
    const [, player, end] = r.sequence!.phases;
    player.steps!.unshift({ id: 'buy', name: 'Buy', actor: 'each-power', procedure: 'production' });
    r.sequence!.phases = [player, end];
    r.specialRules!.levy = { name: 'Levy', text: 'Each power buys in its capital.', appliesIn: ['buy'], source: { kind: 'rulebook', rule: '5.2' } };
    const { game, s } = begin(r);
    const t = untilTurn(game, s, 2);
    // Red's turn: Crimson buys; Blue's: Azure, then Slate, whose units Blue moves; then Crimson as turn 2 begins. Each side's first is reminded of the step.
    expect(walk(t).filter((w) => w.startsWith('buy'))).toEqual(['buy/crimson', 'buy/azure', 'buy/slate', 'buy/crimson']);
    expect(t.log.flatMap((e) => eventsOf(e.events, 'reminder')).filter((x) => x.text.startsWith('Reminder: Levy'))).toHaveLength(3);
  });

  it('reminds the tester once of a step each power plays in turn, at the first power', () => {
    const r = fixture('ridge');
    const phase = r.sequence!.phases[0];
    Object.assign(phase, { actor: 'both' });
    Object.assign(phase.steps!.find((st) => st.id === 'produce')!, { actor: 'each-power', order: ['azure', 'crimson'] });
    r.specialRules!.levy = { name: 'Levy', text: 'Each power buys in its capital.', appliesIn: ['produce'], source: { kind: 'rulebook', rule: '5.2' } };
    const { game, s } = begin(r);
    const t = untilTurn(game, s, 3);
    const levies = t.log.flatMap((e) => eventsOf(e.events, 'reminder').filter((x) => x.text.startsWith('Reminder: Levy')));
    // Turn 1 skips production; turns 2 and 3 play it for Azure, then Crimson: reminded as Azure's begins.
    expect(game.status(t).turn).toBe(3);
    expect(levies).toHaveLength(2);
  });

  it('reminds the tester of nothing the models play: rail movement, where the movement model has it, nor a special rule marked automated', () => {
    const r = fixture('ridge');
    Object.assign(r.mechanics!.movement!, { rail: { distance: 'unlimited', source: { kind: 'rulebook', rule: '4.5' } } });
    r.specialRules!.forced = { name: 'Forced march', text: 'Units move their full allowance.', appliesIn: ['movement-step'], why: 'The movement model plays it.', automated: true, source: { kind: 'rulebook', rule: '3.9' } };
    const { game, s } = begin(r);
    const t = playTo(game, s, 'movement-step', 'red');
    expect(t.log.flatMap((e) => eventsOf(e.events, 'reminder'))).toEqual([]);
  });

  it('waits for the tester where nobody acts and no model runs the step', () => {
    const r = fixture('ridge');
    delete r.mechanics!.supply;
    const { game, s } = begin(r);
    let t = s;
    while (t.tasks.length === 0) t = act(game, t, { type: 'endStep', side: game.activeSides(t)[0] });
    expect(t.tasks.map((x) => [x.text, x.cite.pointer])).toEqual([['the ruleset declares no model for supply: adjudicate it by hand', '/mechanics']]);
    expect(game.activeSides(t)).toEqual([]);
    expect(game.status(t).step).toBe('Supply');
    t = act(game, t, { type: 'manual', op: { op: 'setSteps', unit: 'slate-militia', lost: 2 } });
    t = act(game, t, { type: 'manual', op: { op: 'resolveTask', task: t.tasks[0].id } });
    expect(game.status(t)).toMatchObject({ turn: 2, step: 'Produce', sides: ['blue'] });
  });

  it('reminds the players of a step the ruleset leaves to the tester, saying it is done by hand', () => {
    const r = fixture('ridge');
    const step = r.sequence!.phases.flatMap((p) => p.steps ?? []).find((st) => st.id === 'supply-step')!;
    Object.assign(step, { procedure: 'manual', description: 'Remove any forts you wish.' });
    delete r.mechanics!.supply;
    const { game, s } = begin(r);
    const t = playTo(game, s, 'supply-step');
    expect(t.log.at(-1)!.events.map((e) => e.text)).toContain('Reminder: Supply: Remove any forts you wish. (the tester does by hand what the engine does not, with manual adjudication)');
  });

  it('leaves combat models it does not automate to the tester, with the players acting', () => {
    const r = fixture('ridge');
    r.mechanics!.combat!.land = { model: 'factor-table', table: 'fire', rounds: [{ id: 'land', factor: 'attack' }], source: { kind: 'rulebook', rule: '4' } };
    const { game, s } = begin(r);
    const t = playTo(game, s, 'combat-step', 'red');
    expect(eventsOf(lastEvents(t), 'reminder').map((e) => e.text)).toContain('Reminder: combat model "factor-table" is not automated: adjudicate battles by hand');
    expect(refusal(game, t, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0303', units: ['crimson-2'] })).toMatchObject({ code: 'manual-combat', cite: { pointer: '/mechanics/combat/land' } });
    expect(game.legalActions(t, 'red')).toEqual([{ type: 'endStep', side: 'red' }]);
    // Its steps are the tester's to play out: never passed for want of anything listed.
    const run = runBots(game, t, {}, () => botRng(1), { limit: 10, passing: true });
    expect(run).toMatchObject({ actions: 0, halt: { kind: 'human', sides: ['red'] } });
  });
});

describe('passing steps with nothing to do', () => {
  it('never passes a step whose actions wait on a value the tester may give (a cost that is a gap)', () => {
    const r = fixture('ridge');
    r.tables!['unit-costs'].cells.infantry.pp = { gap: 'not printed', rule: '5' };
    r.tables!['unit-costs'].cells.armor.pp = { gap: 'not printed', rule: '5' };
    const { game, s } = begin(r);
    const t = playTo(game, s, 'produce', 'red', 2);
    expect(game.legalListing(t, 'red')).toMatchObject({ others: [{ type: 'endStep' }], waiting: [{ question: { key: '/tables/unit-costs/cells/infantry/pp' } }] });
    const run = runBots(game, t, {}, () => botRng(1), { limit: 10, passing: true });
    expect(run).toMatchObject({ actions: 0, halt: { kind: 'human', sides: ['red'] } });
  });
});

describe('triggers', () => {
  it('fire at turn start when their condition holds: adding units to a force pool', () => {
    const { game, s } = begin();
    const t = untilTurn(game, s, 4);
    const entry = t.log[t.log.length - 1];
    expect(eventsOf(entry.events, 'trigger').map((e) => e.text)).toEqual(['Trigger: Azure levies a regiment']);
    expect(t.units['infantry#5']).toMatchObject({ power: 'azure', at: 'pool', type: 'infantry' });
  });

  it('send arriving units where the effect says when hostile units hold the location', () => {
    const arrive = (ifHeld?: 'force-pool' | 'eliminated') => {
      const r = fixture('ridge');
      r.triggers!.levy.effects = [{ op: 'addUnits', power: 'azure', units: [{ type: 'infantry' }], to: { place: 'crimson-city' }, ...(ifHeld ? { ifHeld } : {}) }];
      const { game, s } = begin(r);
      const t = untilTurn(game, s, 4);
      expect(t.units['crimson-1'].at).toBe(game.rules.placeLoc.get('crimson-city'));
      return { unit: t.units['infantry#5'], events: eventsOf(t.log[t.log.length - 1].events, 'arrive').map((e) => e.text) };
    };
    expect(arrive()).toMatchObject({ unit: { at: 'unplaced' }, events: ['Infantry #5 (Azure) cannot arrive at hex 0101 (Crimson City), held by hostile units: its owner places it'] });
    expect(arrive('force-pool')).toMatchObject({ unit: { at: 'pool' }, events: ['Infantry #5 (Azure) cannot arrive at hex 0101 (Crimson City), held by hostile units: it goes to the force pool'] });
    expect(arrive('eliminated')).toMatchObject({ unit: { at: 'eliminated' }, events: ['Infantry #5 (Azure) cannot arrive at hex 0101 (Crimson City), held by hostile units: it is eliminated'] });
  });

  it('fire on a change of control, rolling for their condition', () => {
    const { game, s } = begin(fixture('ridge'), { manualDice: true });
    const asked = game.applyAction(s, { type: 'manual', op: { op: 'setControl', location: 'hex:0303', to: 'crimson' } });
    expect(asked.ok && asked.question).toMatchObject({ key: 'roll:0', choices: [1, 2, 3, 4, 5, 6], rememberable: false, cite: { pointer: '/triggers/pass-tension/condition', rule: '6.2' } });
    const low = act(game, (asked as { state: GameState }).state, { type: 'answer', key: 'roll:0', value: 3 });
    expect(low.tracks.tension).toBe(0);
    expect(eventsOf(lastEvents(low), 'roll')[0].text).toBe('Roll (rule 6.2): 1d6 → 3 (rolled by the tester)');
    const high = act(game, (asked as { state: GameState }).state, { type: 'answer', key: 'roll:0', value: 4 });
    expect(high.tracks.tension).toBe(1);
    expect(high.flags['pass-taken']).toBe(true);
    expect(eventsOf(lastEvents(high), 'effect').map((e) => e.text)).toEqual(['Track Tension: 0 → 1', 'Flag Pass taken set']);
  });

  it('fire once only when the ruleset says so', () => {
    const { game, s } = begin();
    let t = playTo(game, s, 'movement-step', 'red');
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' });
    expect(t.fired).toEqual(['slate-joins-blue']);
    t = act(game, t, { type: 'manual', op: { op: 'setSide', power: 'slate', side: null } });
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' });
    t = act(game, t, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0202' });
    expect(eventsOf(lastEvents(t), 'trigger')).toEqual([]);
  });

  it('fire at the end of a step, for the side acting', () => {
    const r = fixture('ridge');
    r.triggers!.dusk = { name: 'Dusk', on: [{ event: 'phase-end', phase: 'movement-step', by: 'blue' }], effects: [{ op: 'adjustResource', power: 'azure', resource: 'pp', by: 2 }] };
    const { game, s } = begin(r);
    let t = playTo(game, s, 'movement-step', 'blue');
    expect(t.resources.azure.pp).toBe(3);
    t = act(game, t, { type: 'endStep', side: 'blue' });
    expect(t.resources.azure.pp).toBe(5);
  });
});
