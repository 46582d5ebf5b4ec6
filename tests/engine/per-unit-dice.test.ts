import { describe, expect, it } from 'vitest';
import type { Action, Game, GameState } from '@/engine/game';
import type { PerUnitDiceCombat, ResolvedRuleset } from '@/engine/generated/schema-types';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, refusal } from './play';

// The three isles (West – Middle – East) with per-unit dice: Foot attacks at 1 and defends at 2, Horse attacks at 3 and defends at 1.
function diceIsles(change?: (model: PerUnitDiceCombat, r: ResolvedRuleset) => void) {
  const r = fixture('isles');
  r.unitTypes!.foot.factors = { attack: 1, defense: 2 };
  r.unitTypes!.horse.factors = { attack: 3, defense: 1 };
  const model: PerUnitDiceCombat = { model: 'per-unit-dice', attackFactor: 'attack', defenseFactor: 'defense', dieSides: 6, source: { kind: 'rulebook', rule: '3' } };
  change?.(model, r);
  r.mechanics!.combat!.land = model;
  const game = newGame(r, 1, { manualDice: true });
  // West Foot and West Horse move into the Middle Isle, held by East Foot.
  let s = act(game, game.initial, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' });
  s = act(game, s, { type: 'move', side: 'red', unit: 'w-foot', to: 'area:middle' });
  return { game, s: playTo(game, s, 'fight', 'red') };
}

const attack: Extract<Action, { type: 'attack' }> = { type: 'attack', side: 'red', combat: 'land', target: 'area:middle', units: ['w-foot', 'w-horse'] };

/** Applies an action, entering each die it asks for in turn. */
function rolled(game: Game, s: GameState, action: Action, dice: number[]): GameState {
  let r = game.applyAction(s, action);
  for (const value of dice) {
    if (!r.ok || !r.question) throw new Error(r.ok ? 'no die asked for' : r.refusal.message);
    r = game.applyAction(r.state, { type: 'answer', key: r.question.key, value });
  }
  if (!r.ok) throw new Error(r.refusal.message);
  expect(r.question).toBeUndefined();
  return r.state;
}

describe('per-unit-dice combat', () => {
  it('lists a battle where the side\'s units share an area with hostile units, with all of them', () => {
    const { game, s } = diceIsles();
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'attack')).toEqual([attack]);
  });

  it('rolls a die for each unit of both sides, a hit at or under its factor, and takes the hits after both have fired', () => {
    const { game, s } = diceIsles();
    // West Foot rolls 2 (needs 1: miss), West Horse 3 (needs 3: hit); East Foot defends with 2 and rolls 2: a hit.
    const t = rolled(game, s, attack, [2, 3, 2]);
    const events = lastEvents(t);
    expect(eventsOf(events, 'roll').map((e) => e.purpose)).toEqual(['West Foot fires (a hit on 1 or less)', 'West Horse fires (a hit on 3 or less)', 'East Foot fires (a hit on 2 or less)']);
    expect(eventsOf(events, 'battle')[0].text).toBe('Battle at Middle Isle, round 1: Red score 1 hit, Blue 1 hit');
    // East Foot, one step, is eliminated though it fired; Red chooses which of its two units takes Blue's hit.
    expect(t.units['e-foot'].at).toBe('eliminated');
    expect(t.losses).toEqual([expect.objectContaining({ side: 'red', points: 1, units: ['w-foot', 'w-horse'] })]);
    // Its loss taken, Red alone holds the Middle Isle, and takes it.
    const taken = act(game, t, { type: 'allocate', side: 'red', loss: t.losses[0].id, units: ['w-foot'] });
    expect(taken.units['w-foot'].at).toBe('eliminated');
    expect(taken.control['area:middle']).toBe('westmen');
  });

  it('says a round whose firing units read a factor filled in provisionally does so, as a fire-table battle does', () => {
    const round = (provisional: boolean) => {
      const { game, s } = diceIsles((_, r) => {
        if (provisional) r.unitTypes!.horse.factors!.attack = { value: 3, source: { kind: 'provisional', note: 'chosen for testing' } };
      });
      return eventsOf(lastEvents(rolled(game, s, attack, [2, 3, 2])), 'battle')[0];
    };
    expect(round(true)).toMatchObject({ provisional: true, text: 'Battle at Middle Isle, round 1: Red score 1 hit, Blue 1 hit; its strengths read provisional values' });
    expect(round(false).provisional).toBeUndefined();
  });

  it('fights another round when the attacker attacks again, while both sides remain', () => {
    const { game, s } = diceIsles();
    // Everybody misses: 6, 6 and 6.
    const t = rolled(game, s, attack, [6, 6, 6]);
    expect(game.legalActions(t, 'red')).toContainEqual(attack);
    // Ending the step now would leave it open: the listing says so.
    expect(game.legalListing(t, 'red').endWarning).toMatchObject({ text: "the battle at Middle Isle stays open: both sides' units remain there" });
    const again = rolled(game, t, attack, [1, 6, 6]);
    expect(eventsOf(lastEvents(again), 'battle')[0].text).toBe('Battle at Middle Isle, round 2: Red score 1 hit, Blue 0 hits');
    expect(again.control['area:middle']).toBe('westmen');
    // Nobody left to fight: no more attacks listed.
    expect(game.legalActions(again, 'red').filter((a) => a.type === 'attack')).toEqual([]);
  });

  it('fights no more rounds in a step than the model allows, and lets the opponent choose casualties where it says', () => {
    const { game, s } = diceIsles((m) => Object.assign(m, { rounds: 1, casualties: 'opponent-chooses' }));
    const t = rolled(game, s, attack, [6, 6, 2]);
    // Blue scored the hit: Blue chooses which Red unit takes it.
    expect(t.losses).toEqual([expect.objectContaining({ side: 'blue', points: 1 })]);
    const after = act(game, t, { type: 'allocate', side: 'blue', loss: t.losses[0].id, units: ['w-horse'] });
    expect(refusal(game, after, attack)).toMatchObject({ code: 'rounds-fought', message: '1 round of battle at Middle Isle has been fought this step' });
  });

  it('lets the attacker withdraw after a round instead of fighting on, where the model has a retreat', () => {
    const { game, s } = diceIsles((m) => (m.retreat = { classes: ['land'], source: { kind: 'rulebook', rule: '3.4' } }));
    // No withdrawal before a round is fought.
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'withdraw')).toEqual([]);
    const t = rolled(game, s, attack, [6, 6, 6]);
    const withdrawal: Action = { type: 'withdraw', side: 'red', combat: 'land', target: 'area:middle' };
    expect(game.legalActions(t, 'red')).toContainEqual(withdrawal);
    const w = act(game, t, withdrawal);
    expect(eventsOf(lastEvents(w), 'sequence').map((e) => e.text)).toContain('Red: withdrawal from the battle at Middle Isle');
    // Each falls back one area, Red choosing where: West Isle or East Isle.
    expect(game.legalActions(w, 'red').filter((a) => a.type === 'retreat' && a.unit === 'w-horse').map((a) => a.type === 'retreat' && a.to).sort()).toEqual(['area:east', 'area:west']);
    let back = act(game, w, { type: 'retreat', side: 'red', unit: 'w-horse', to: 'area:west' });
    back = act(game, back, { type: 'retreat', side: 'red', unit: 'w-foot', to: 'area:west' });
    expect([back.units['w-horse'].at, back.units['w-foot'].at]).toEqual(['area:west', 'area:west']);
    expect(game.legalActions(back, 'red').filter((a) => a.type === 'attack' || a.type === 'withdraw')).toEqual([]);
    // Only the units that attacked fall back: West Foot, standing by, stays.
    const alone = diceIsles((m) => (m.retreat = { classes: ['land'], source: { kind: 'rulebook', rule: '3.4' } }));
    const horse = rolled(alone.game, alone.s, { ...attack, units: ['w-horse'] }, [6, 6]);
    expect(eventsOf(horse.log.at(-1)!.events, 'attack').map((e) => e.text)).toEqual(['Attack on Middle Isle by Red: West Horse']);
    const fallen = act(alone.game, horse, withdrawal);
    expect(new Set(alone.game.legalActions(fallen, 'red').flatMap((a) => (a.type === 'retreat' ? [a.unit] : [])))).toEqual(new Set(['w-horse']));
    // Without a retreat in the model, withdrawing is refused.
    const none = diceIsles();
    expect(refusal(none.game, rolled(none.game, none.s, attack, [6, 6, 6]), withdrawal)).toMatchObject({ code: 'no-retreat' });
  });

  it('has units of the classes the model names fire in the first round only, though they may still be hit', () => {
    // West Horse flies here (class air), and fires in round 1 only.
    const { game, s } = diceIsles((m, r) => {
      m.firstRoundOnly = ['air'];
      r.unitTypes!.horse.class = 'air';
      r.mechanics!.movement!.classes!.air = { allowance: 'movement' };
    });
    const t = rolled(game, s, attack, [6, 6, 6]);
    // Round 2: West Foot and East Foot roll; West Horse does not, and remains among the units Blue's hit may fall on.
    const again = rolled(game, t, attack, [6, 1]);
    expect(eventsOf(lastEvents(again), 'roll').map((e) => e.purpose)).toEqual(['West Foot fires (a hit on 1 or less)', 'East Foot fires (a hit on 2 or less)']);
    expect(again.losses).toEqual([expect.objectContaining({ side: 'red', points: 1, units: ['w-foot', 'w-horse'] })]);
  });

  it('ends a battle in which a side has no unit left that can fire, as air units firing once leave it (A&A: "Once all units that can either fire … on one or both sides have been destroyed, the combat ends")', () => {
    const flying = (m: PerUnitDiceCombat, r: ResolvedRuleset) => {
      m.firstRoundOnly = ['air'];
      r.unitTypes!.horse.class = 'air';
      r.mechanics!.movement!.classes!.air = { allowance: 'movement' };
    };
    const { game, s } = diceIsles(flying);
    // Round 1: East Foot's hit eliminates West Foot (Red's choice); West Horse, flying, fires no more after it.
    const t = rolled(game, s, attack, [6, 6, 1]);
    const left = act(game, t, { type: 'allocate', side: 'red', loss: t.losses[0].id, units: ['w-foot'] });
    expect(game.legalActions(left, 'red').filter((a) => a.type === 'attack')).toEqual([]);
    expect(refusal(game, left, { type: 'attack', side: 'red', combat: 'land', target: 'area:middle', units: ['w-horse'] })).toMatchObject({ code: 'battle-over', message: 'the battle at Middle Isle is over: Red has no unit left that can fire' });
    // Ending the step leaves no battle open to warn of.
    expect(game.legalListing(left, 'red').endWarning).toBeUndefined();
  });

  it('fights no further round after a withdrawal, with the units that stay (air, until their later move)', () => {
    const { game, s } = diceIsles((m, r) => {
      m.retreat = { classes: ['land'], source: { kind: 'rulebook', rule: '3.4' } };
      r.unitTypes!.horse.class = 'air';
      r.mechanics!.movement!.classes!.air = { allowance: 'movement' };
    });
    const t = rolled(game, s, attack, [6, 6, 6]);
    const w = act(game, t, { type: 'withdraw', side: 'red', combat: 'land', target: 'area:middle' });
    const back = act(game, w, { type: 'retreat', side: 'red', unit: 'w-foot', to: 'area:west' });
    expect(back.units['w-horse'].at).toBe('area:middle');
    expect(game.legalActions(back, 'red').filter((a) => a.type === 'attack' || a.type === 'withdraw')).toEqual([]);
    expect(refusal(game, back, { type: 'attack', side: 'red', combat: 'land', target: 'area:middle', units: ['w-horse'] })).toMatchObject({ code: 'withdrawn' });
  });

  it("names no acting power while a choice waits in the middle of a power's step: the losses may be the other side's", () => {
    const { game, s } = diceIsles((_, r) => (r.sequence!.phases[0].actor = 'each-power'));
    expect(game.status(s).power).toBe('westmen');
    // West Horse's hit falls on East Foot, no choice; East Foot's on a red unit Red chooses. Both sides wait: no power acts.
    const t = rolled(game, s, attack, [6, 3, 1]);
    expect(game.status(t).waiting).toBe('Red to allocate 1 loss point');
    expect(game.status(t).power).toBeUndefined();
    // The tester ends the game meanwhile: nothing waits on anyone any more.
    const ended = act(game, t, { type: 'manual', op: { op: 'endGame', text: 'Red concedes' } });
    expect(game.status(ended).waiting).toBeUndefined();
  });

  it('asks for a factor the data lacks before any die of the round is rolled', () => {
    const { game, s } = diceIsles((_, r) => (r.unitTypes!.foot.factors = { attack: 1, defense: { gap: 'printed on the counter', rule: '2' } }));
    const r = game.applyAction(s, attack);
    expect(r.ok && r.question?.text).toMatch(/defense/);
    expect(r.ok && r.events.filter((e) => e.kind === 'roll')).toEqual([]);
    // Given for the round alone and everybody missing, it is not asked again to tell whether the battle goes on: East Foot may still fire.
    if (!r.ok || !r.question) throw new Error('no question');
    // A factor is 0 or more, though not necessarily whole.
    expect(r.question).toMatchObject({ min: 0 });
    expect(refusal(game, r.state, { type: 'answer', key: r.question.key, value: -1 })).toMatchObject({ code: 'bad-answer', message: 'the answer must be a number, 0 or more, not -1' });
    expect(game.applyAction(r.state, { type: 'answer', key: r.question.key, value: 1.5 }).ok).toBe(true);
    const t = rolled(game, r.state, { type: 'answer', key: r.question.key, value: 2 }, [6, 6, 6]);
    const listing = game.legalListing(t, 'red');
    expect(listing.others).toContainEqual(attack);
    expect(listing.waiting).toBeUndefined();
  });

  it('is fought by the units in the area only', () => {
    const { game, s } = diceIsles();
    const moved = act(game, game.initial, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' });
    const t = playTo(game, moved, 'fight', 'red');
    expect(refusal(game, t, attack)).toMatchObject({ code: 'out-of-reach', message: 'West Foot is not at Middle Isle: a battle of land is fought by the units there' });
    expect(s).toBeDefined();
  });
});
