import { describe, expect, it } from 'vitest';
import { greedyBot } from '@/engine/game/bots/greedy';
import { attackOdds, type Game, type GameState, type Action } from '@/engine/game';
import type { AttackAgain, Event, FireTableCombat, ResolvedRuleset, Trigger } from '@/engine/generated/schema-types';
import { act, eventsOf, fixture, lastEvents, navalAir, newGame, playTo, put, refusal, retreatingCombat, supportedCombat, withDice } from './play';
import { botRng, labelActions } from '@/engine/game/bots';
import { leftOutOfAttack } from '@/engine/game/combat/left-out';

type Spot = [unit: string, power: string, hex: string, reduced?: boolean];

/** The ridge ruleset with only the given units on the map. */
function arranged(spots: Spot[], change?: (r: ResolvedRuleset) => void): ResolvedRuleset {
  const r = fixture('ridge');
  r.scenarios!.campaign.placements = spots.map(([unit, power, hex, reduced]) => ({ power, unit, location: { hex }, ...(reduced ? { reduced } : {}) }));
  change?.(r);
  return r;
}


const atCombat = (r: ResolvedRuleset) => {
  const game = newGame(r, 1, { manualDice: true });
  return { game, s: playTo(game, game.initial, 'combat-step', 'red') };
};

describe('fire-table combat', () => {
  it('rolls for the attacker alone and leaves units whole when losses fall on something else (a city bombed)', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => {
      Object.assign(r.mechanics!.combat!.land, { fires: 'attacker', lossUnit: 'none', winner: 'none' });
    }));
    // Red: 6 → column 5-7; roll 1 → 2 loss points, which no unit takes; Blue does not roll.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] }, [1]);
    const events = lastEvents(t);
    expect(eventsOf(events, 'lookup').map((l) => [l.row, l.column, l.result])).toEqual([['1', '5-7', 2]]);
    const [battle] = eventsOf(events, 'battle');
    expect(battle.defender).toMatchObject({ lossPoints: 2 });
    // Blue fires nothing back, and no rule names a winner: the text says neither its strength nor "no winner".
    expect(battle.text).toBe('Battle at hex 0601 (Azure City): Red 6, Blue not firing back; loss points inflicted 2; the loss points fall on no unit: the tester applies them');
    expect(t.units['azure-2'].stepsLost ?? 0).toBe(0);
    expect(t.losses).toEqual([]);
  });

  it("has the greedy bot say, choosing where its loss falls, that it must allocate it", () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601'], ['azure-fort', 'azure', '0601']]));
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] }, [1, 2]);
    expect(greedyBot(game, t, 'red', botRng(1))).toMatchObject({
      action: { type: 'allocate' },
      why: 'it must allocate 1 loss point now, and no choice open improves its victory standing: one of them, at random',
    });
  });

  it('totals strength, reads each side its line and column, and lets forts absorb first', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601'], ['azure-fort', 'azure', '0601']]));
    // Red: infantry 2 + armor 4 = 6 → column 5-7; roll 1 → 2 loss points. Blue: infantry 2 → column 1-2; roll 2 → 1.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] }, [1, 2]);
    const events = lastEvents(t);
    const lookups = eventsOf(events, 'lookup');
    expect(lookups.map((l) => [l.row, l.column, l.result])).toEqual([['1', '5-7', 2], ['2', '1-2', 1]]);
    expect(lookups[0].text).toBe('Fire Table: strength 6 → column 5-7; no column shift; roll 1 → row 1: 2 loss points');
    expect(lookups[0].cite).toEqual({ pointer: '/tables/fire/cells/1/5-7', rule: '4.1' });
    expect(eventsOf(events, 'roll').map((r) => [r.total, r.byTester])).toEqual([[1, true], [2, true]]);
    const [battle] = eventsOf(events, 'battle');
    // The fort absorbs one of Blue's 2 points, which does not count: 1 counted each; Blue's higher roll wins.
    expect(battle).toMatchObject({
      attacker: { party: 'red', strength: 6, roll: 1, lossPoints: 1, counted: 1 },
      defender: { party: 'blue', strength: 2, roll: 2, lossPoints: 2, counted: 1 },
      winner: 'blue', cite: { pointer: '/mechanics/combat/land', rule: '4' },
    });
    expect(t.units['azure-fort'].at).toBe('eliminated');
    expect(t.units['azure-2'].stepsLost).toBe(1);
    // Red's point falls on one of two units: Red chooses.
    expect(t.losses).toEqual([expect.objectContaining({ side: 'red', points: 1, units: ['crimson-1', 'crimson-2'] })]);
    expect(game.activeSides(t)).toEqual(['red']);
    // The status says what is left to choose: the point due, and what each unit can take (both have 2 steps).
    expect(game.status(t).losses).toEqual([expect.objectContaining({ due: 1, room: { 'crimson-1': 2, 'crimson-2': 2 } })]);
    expect(refusal(game, t, { type: 'endStep', side: 'red' }).code).toBe('losses-pending');
    // Each unit that may take it is offered.
    expect(game.legalActions(t, 'red').map((a) => a.type === 'allocate' && a.units)).toEqual([['crimson-1'], ['crimson-2']]);
    expect(refusal(game, t, { type: 'allocate', side: 'red', loss: t.losses[0].id, units: ['crimson-1', 'crimson-2'] }).code).toBe('allocation-count');
    const done = act(game, t, { type: 'allocate', side: 'red', loss: t.losses[0].id, units: ['crimson-2'] });
    expect(done.units['crimson-2'].stepsLost).toBe(1);
    expect(done.losses).toEqual([]);
  });

  it('shifts the attacker left by the defender terrain, capped', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0403'], ['crimson-2', 'crimson', '0502'], ['azure-1', 'azure', '0503']]));
    // Strength 6 → column 5-7, hills shift 2 capped at 1 → column 3-4; roll 1 → 2 points: azure-1 loses both steps.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0503', units: ['crimson-1', 'crimson-2'] }, [1, 3]);
    const [red] = eventsOf(lastEvents(t), 'lookup');
    expect(red).toMatchObject({ column: '3-4', result: 2, shifts: [{ reason: 'hills terrain (2, capped at 1)', columns: -1, cite: { pointer: '/tables/terrain-effects/cells/hills/shift' } }] });
    expect(red.text).toBe('Fire Table: strength 6 → column 5-7; -1 for hills terrain (2, capped at 1) → column 3-4; roll 1 → row 1: 2 loss points');
    expect(t.units['azure-1'].at).toBe('eliminated');
    expect(eventsOf(lastEvents(t), 'battle')[0]).toMatchObject({ winner: 'red', attacker: { counted: 0 }, defender: { counted: 2 } });
  });

  it('shifts the attacker for a unit printing a value, beyond the terrain cap', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0403'], ['crimson-2', 'crimson', '0502'], ['azure-1', 'azure', '0503']], (r) => {
      Object.assign(r.mechanics!.combat!.land, { attackerShifts: [{ printed: 'movement', equals: 5, columns: { value: 1, source: { kind: 'rulebook', rule: '4.8' } } }] });
    }));
    // Strength 6 → column 5-7, hills -1 (capped), crimson-2's movement of 5 +1 → column 5-7.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0503', units: ['crimson-1', 'crimson-2'] }, [1, 3]);
    const [red] = eventsOf(lastEvents(t), 'lookup');
    expect(red).toMatchObject({ column: '5-7', shifts: [{ columns: -1 }, { reason: "2nd Crimson Horse's movement of 5", columns: 1, cite: { pointer: '/mechanics/combat/land/attackerShifts/0' } }] });
  });

  it('counts nothing for units of the kinds the model silences, which still take losses', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => {
      Object.assign(r.mechanics!.combat!.land, { silentKinds: ['armor'] });
    }));
    // Red: infantry 2 (the armor silent) → column 1-2, roll 1 → 1. Blue: infantry 2, roll 1 → 1, on the armor.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-2', 'crimson-1'] }, [1, 1]);
    expect(eventsOf(lastEvents(t), 'battle')[0].attacker).toMatchObject({ strength: 2, lossPoints: 1 });
    // Red allocates the point: the silent armor may take it.
    expect(t.losses).toMatchObject([{ side: 'red', points: 1, units: ['crimson-2', 'crimson-1'] }]);
  });

  it('fires on the line and with the factor the model gives against defenders all of some kinds', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['azure-fort', 'azure', '0601']], (r) => {
      r.unitTypes!.infantry.factors!.siege = 5;
      Object.assign(r.mechanics!.combat!.land, { versus: [{ kinds: ['fort'], table: 'fire', factor: 'siege' }] });
    }));
    // Against the fort alone, crimson-1 fires its siege 5 (column 5-7) rather than its attack 2; roll 1 → 2.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1'] }, [1]);
    const [red] = eventsOf(lastEvents(t), 'lookup');
    expect(red).toMatchObject({ column: '5-7', result: 2 });
    expect(eventsOf(lastEvents(t), 'roll')[0].purpose).toBe('Red fire at hex 0601 (Azure City) (every defender fort: its siege factors)');
  });

  it('has the defender fire back on the line and with the factor the model gives against attackers all of some kinds', () => {
    const { game, s } = atCombat(arranged([['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => {
      r.unitTypes!.infantry.factors!.antitank = 5;
      Object.assign(r.mechanics!.combat!.land, { versus: [{ kinds: ['armor'], table: 'fire', factor: 'antitank' }] });
    }));
    // The armor alone attacks: Red fires its attack 4 at the infantry as usual; Blue fires back its antitank 5 (column 5-7), not its attack 2.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-2'] }, [1, 1]);
    expect(eventsOf(lastEvents(t), 'lookup').map((l) => l.column)).toEqual(['3-4', '5-7']);
    expect(eventsOf(lastEvents(t), 'battle')[0].defender).toMatchObject({ strength: 5 });
    expect(eventsOf(lastEvents(t), 'roll').map((r) => r.purpose)).toEqual(['Red fire at hex 0601 (Azure City)', 'Blue fire back (every attacker armor: its antitank factors)']);
  });

  it('says a battle whose strengths read a factor filled in provisionally does so, as a move does of its costs', () => {
    const battle = (provisional: boolean) => {
      const { game, s } = atCombat(arranged([['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => {
        if (provisional) r.unitTypes!.armor.factors!.attack = { value: 4, source: { kind: 'provisional', note: 'chosen for testing' } };
      }));
      return eventsOf(lastEvents(withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-2'] }, [1, 1])), 'battle')[0];
    };
    expect(battle(true)).toMatchObject({ provisional: true, text: expect.stringMatching(/; its strengths read provisional values$/) });
    expect(battle(false).provisional).toBeUndefined();
  });

  it("asks a terrain's shift the data lacks saying which way it moves the attacker's column", () => {
    const { game, s } = atCombat(arranged([['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => {
      const terrain = r.map!.hexes!['0601'].terrain as string;
      r.tables!['terrain-effects'].cells[terrain].shift = { gap: 'not in the text', rule: '4' };
    }));
    const result = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-2'] });
    if (!result.ok) throw new Error(result.refusal.message);
    expect(result.question?.text).toMatch(/^columns the attacker's fire shifts left for \w+ \(0 for none\): table "[^"]+", row \w+, column shift is a gap \(not in the text\)$/);
  });

  it('asks the result of a table whose columns the data lacks for the strength and row, not a column off its edge', () => {
    const { game, s } = atCombat(arranged([['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => {
      Object.assign(r.tables!.fire, { columns: { ...r.tables!.fire.columns, keys: [], complete: false }, cells: {} });
    }));
    let result = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-2'] });
    if (!result.ok) throw new Error(result.refusal.message);
    result = game.applyAction(result.state, { type: 'answer', key: result.question!.key, value: 4 });
    if (!result.ok) throw new Error(result.refusal.message);
    expect(result.question).toMatchObject({ text: 'Red fire at hex 0601 (Azure City): table "Fire Table" has no columns in the data: what does strength 4 give on row 4?', rememberable: true });
    // A ruling kept for it is the strength's: its key names the strength, so another strength is asked again.
    expect(result.question!.key).toContain('strength 4');
  });

  it('lists no attack, and refuses one, by units without the factor of the line they would fire on', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['azure-fort', 'azure', '0601']], (r) => {
      Object.assign(r.mechanics!.combat!.land, { versus: [{ kinds: ['fort'], table: 'fire', factor: 'siege' }] });
    }));
    // Infantry prints no siege factor: against the fort alone it would fire nothing.
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'attack' && a.target === 'hex:0601')).toEqual([]);
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1'] })).toMatchObject({
      code: 'no-factor', message: '1st Crimson Foot has no siege factor, which fires against fort', cite: { pointer: '/mechanics/combat/land/versus/0/factor' },
    });
  });

  it('turns a result code into a task for the tester', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['azure-2', 'azure', '0502']]));
    // Red strength 2 (column 1-2), roll 6 → "R".
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1'] }, [6, 5]);
    expect(t.tasks).toEqual([expect.objectContaining({ text: 'apply result "R" (the side that rolled it falls back one hex) from Fire Table', cite: { pointer: '/tables/fire/cells/6/1-2', rule: '4.1' } })]);
    expect(refusal(game, t, { type: 'endStep', side: 'red' }).code).toBe('adjudication-pending');
    const moved = act(game, t, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-1', to: 'hex:0401' }, note: 'falls back' });
    const resolved = act(game, moved, { type: 'manual', op: { op: 'resolveTask', task: t.tasks[0].id } });
    expect(resolved.log[resolved.log.length - 1].manual).toBe(true);
    expect(game.activeSides(resolved)).toEqual(['red']);
  });

  it('asks the tester for a cell that is a gap, and can keep the ruling', () => {
    const r = arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (x) => {
      x.tables!.fire.cells['5']['5-7'] = { gap: 'illegible in the printed chart', rule: '4.1' };
    });
    const { game, s } = atCombat(r);
    let result = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] });
    result = game.applyAction((result as { state: GameState }).state, { type: 'answer', key: 'roll:0', value: 5 });
    expect(result.ok && result.question).toMatchObject({ key: '/tables/fire/cells/5/5-7', expects: 'text', rememberable: true, cite: { pointer: '/tables/fire/cells/5/5-7', rule: '4.1' } });
    const asked = (result as { state: GameState }).state;
    // The question holds the explanation so far (the roll), and nothing else may happen meanwhile.
    expect(asked.suspended!.events.map((e) => e.kind)).toEqual(['attack', 'roll']);
    expect(asked.suspended!.events[0].text).toBe('Attack on hex 0601 (Azure City) by Red: 1st Crimson Foot, 2nd Crimson Horse');
    expect(refusal(game, asked, { type: 'endStep', side: 'red' }).code).toBe('question-pending');
    expect(refusal(game, asked, { type: 'answer', key: 'roll:1', value: 2 }).code).toBe('wrong-question');
    let t = act(game, asked, { type: 'answer', key: '/tables/fire/cells/5/5-7', value: 2, remember: true });
    t = act(game, t, { type: 'answer', key: 'roll:1', value: 4 });
    expect(t.rulings).toEqual({ '/tables/fire/cells/5/5-7': 2 });
    const [lookup] = eventsOf(lastEvents(t), 'lookup');
    expect(lookup).toMatchObject({ result: 2, ruling: true });
    expect(lookup.text).toContain("(the tester's ruling)");
    // A ruling keeps the question's words with it, for the rulings in force to read as asked.
    expect(t.log[t.log.length - 1].answers).toEqual({ 'roll:0': { value: 5 }, '/tables/fire/cells/5/5-7': { value: 2, remember: true, question: expect.stringMatching(/^Red fire at hex 0601 \(Azure City\): table "Fire Table", row 5, column 5-7 is/) }, 'roll:1': { value: 4 } });
  });

  it('says in its lookup that a cell came from a provisional fill, unless the cell has a source of its own', () => {
    const r = arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (x) => {
      // A provisional patch set wrote the table's cells, keeping one a worked example shows.
      x.patched = { '/tables/fire/cells': 'provisional' };
      x.tables!.fire.cells['1']['5-7'] = { value: 2, source: { kind: 'example', rule: '4.1' } };
    });
    const { game, s } = atCombat(r);
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] }, [1, 2]);
    const [red, blue] = eventsOf(lastEvents(t), 'lookup');
    expect(red.provisional).toBeUndefined();
    expect(red.text).toBe('Fire Table: strength 6 → column 5-7; no column shift; roll 1 → row 1: 2 loss points');
    expect(blue).toMatchObject({ result: 1, provisional: true });
    expect(blue.text).toBe('Fire Table: strength 2 → column 1-2; no column shift; roll 2 → row 2: 1 loss point (a provisional value)');
  });

  it('asks rather than clamps when the table says nothing off its edge', () => {
    const r = arranged([['crimson-1', 'crimson', '0403', true], ['azure-1', 'azure', '0503']], (x) => delete x.tables!.fire.offTable);
    const { game, s } = atCombat(r);
    // Reduced infantry: strength 1 → column 1-2; hills shift it one column left, off the table.
    let result = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0503', units: ['crimson-1'] });
    result = game.applyAction((result as { state: GameState }).state, { type: 'answer', key: 'roll:0', value: 3 });
    expect(result.ok && result.question?.key).toBe('/tables/fire/offTable/-1/3');
    expect(result.ok && result.question?.text).toContain('falls 1 column left of table "Fire Table" (row 3)');
  });

  it('refuses attacks the model does not allow, naming the rule', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0101'], ['azure-2', 'azure', '0502']]));
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-2'] })).toMatchObject({ code: 'out-of-reach', cite: { pointer: '/mechanics/combat/land', rule: '4' } });
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0101', units: ['crimson-1'] }).code).toBe('no-target');
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0502', units: ['crimson-1'] })).toMatchObject({ code: 'wrong-step', cite: { pointer: '/sequence/phases/1/steps/1' } });
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1'] }, [3, 3]);
    expect(refusal(game, t, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1'] }).code).toBe('already-attacked');
  });

  it('lets units that attacked in an earlier step attack again in a later one, but those of the kinds named where the step bars the rest', () => {
    // Red's turn gains a second combat step (an armored action), barring, where asked, land units that attacked in the first but armor.
    const twice = (again?: AttackAgain) =>
      arranged([['crimson-1', 'crimson', '0501'], ['crimson-3', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => {
        Object.assign(r.mechanics!.combat!.land, { winner: 'none' });
        r.scenarios!.campaign.reinforcements = [];
        r.sequence!.phases[1].steps!.push({ id: 'armored-combat', name: 'Armored Combat', procedure: 'combat.land', ...(again ? { attackAgain: again } : {}) });
      });
    const attackFirst = (r: ResolvedRuleset) => {
      const { game, s } = atCombat(r);
      // Red 6 (infantry 2 + armor 4) → column 5-7, roll 6: no loss. Blue 2 → column 1-2, roll 5: none.
      const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] }, [6, 5]);
      return { game, t: playTo(game, t, 'armored-combat', 'red') };
    };
    const attacks = ({ game, t }: { game: Game; t: GameState }) => game.legalActions(t, 'red').filter((a) => a.type === 'attack').map((a) => a.type === 'attack' && a.units);
    // Without a bar, every unit attacks again, the hex it attacked before included.
    const free = attackFirst(twice());
    expect(attacks(free)).toEqual([['crimson-1', 'crimson-3', 'crimson-2']]);
    expect(free.t.attackedIn).toBeUndefined();
    // Only armor attacks again: the infantry that attacked is out; the one that did not attack may.
    const barred = attackFirst(twice({ after: ['combat-step'], kinds: ['armor'], classes: ['land'] }));
    expect(barred.t.attackedIn).toEqual({ 'combat-step': ['crimson-1', 'crimson-2'] });
    expect(attacks(barred)).toEqual([['crimson-3', 'crimson-2']]);
    expect(refusal(barred.game, barred.t, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] })).toMatchObject({
      code: 'attacked-before',
      message: '1st Crimson Foot attacked in Combat this turn, and in Armored Combat only armor units attack again',
      cite: { pointer: '/sequence/phases/1/steps/2/attackAgain' },
    });
    // The play page asks why a unit near the target is left out: each such unit's refusal.
    expect(leftOutOfAttack(barred.game, barred.t, 'red', 'hex:0601')).toEqual([
      { unit: 'crimson-1', refusal: { code: 'attacked-before', message: '1st Crimson Foot attacked in Combat this turn, and in Armored Combat only armor units attack again', cite: { pointer: '/sequence/phases/1/steps/2/attackAgain', rule: '2' } }, named: true },
    ]);
    expect(withDice(barred.game, barred.t, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-3', 'crimson-2'] }, [6, 5]).step.attackers).toEqual(['crimson-3', 'crimson-2']);
    // Naming a whole phase bars what was attacked in any step of it; naming only other classes bars nobody here.
    expect(attacks(attackFirst(twice({ after: ['player-turn'] })))).toEqual([['crimson-3']]);
    expect(attacks(attackFirst(twice({ after: ['combat-step'], classes: ['naval'] })))).toEqual([['crimson-1', 'crimson-3', 'crimson-2']]);
    // The next turn forgets who attacked.
    const next = playTo(barred.game, barred.t, 'combat-step', 'red', 2);
    expect(next.attackedIn).toBeUndefined();
  });

  it('says why a unit near a target is left out of the attacks on it: out of reach, exhausted', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0401'], ['crimson-3', 'crimson', '0602'], ['azure-2', 'azure', '0601']], (r) => (r.scenarios!.campaign.reinforcements = [])));
    const t = { ...s, units: { ...s.units, 'crimson-3': { ...s.units['crimson-3'], exhausted: true } } };
    expect(game.legalActions(t, 'red').filter((a) => a.type === 'attack')).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1'] }]);
    // Each refusal names its unit (wherever in its words): the play page's list says the unit once.
    expect(leftOutOfAttack(game, t, 'red', 'hex:0601').map(({ unit, refusal: r, named }) => [unit, r.code, r.message, named])).toEqual([
      ['crimson-2', 'out-of-reach', "hex 0601 (Azure City) is out of 2nd Crimson Horse's reach (beside it)", true],
      ['crimson-3', 'exhausted', "3rd Crimson Foot is exhausted by an earlier battle: it takes part in no attack until its side's units are readied", true],
    ]);
  });

  it("says why a unit whose class takes part in none of the step's attacks is left out: who does, from each combat's attackers", () => {
    const { game, s } = atCombat(
      arranged([['crimson-1', 'crimson', '0501'], ['crimson-keep', 'crimson', '0502'], ['azure-2', 'azure', '0601']], (r) => {
        r.roster!['crimson-keep'] = { name: 'Crimson Keep', power: 'crimson', type: 'fort' };
        const land = r.mechanics!.combat!.land as FireTableCombat;
        Object.assign(land, { attackers: ['land'], support: { classes: ['naval'] } });
        // A fleet battle in the same step, which (as land's does) refuses a target of the wrong kind before the attacker's class.
        r.mechanics!.combat!.sea = { ...land, attackers: ['naval'], defenders: ['naval'], support: undefined, source: { kind: 'rulebook', rule: '4.5' } };
        r.sequence!.phases[1].steps![1].combats = ['sea'];
        r.scenarios!.campaign.reinforcements = [];
      }),
    );
    // Not "hex 0601 holds no naval units hostile to Red" (sea's refusal): the fort attacks in neither combat.
    expect(leftOutOfAttack(game, s, 'red', 'hex:0601')).toEqual([
      {
        unit: 'crimson-keep',
        refusal: {
          code: 'cannot-attack',
          message: "Crimson Keep is a fortification unit, which takes part in none of this step's attacks (land: land units, naval units in support; sea: naval units)",
          cite: { pointer: '/mechanics/combat/land/attackers', rule: '4' },
        },
        named: true,
      },
    ]);
  });

  it('lists one attack per target with every unit in reach', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601'], ['azure-1', 'azure', '0503']]));
    const attacks = game.legalActions(s, 'red').filter((a) => a.type === 'attack');
    expect(attacks).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] }]);
  });

  it('loses the units a fleet carries with the fleet', () => {
    const r = arranged([['crimson-1', 'crimson', '0503'], ['azure-fleet', 'azure', '0504']], (x) => {
      x.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
      x.scenarios!.campaign.placements.push({ power: 'azure', unit: 'azure-2', location: { carriedBy: 'azure-fleet' } });
      Object.assign(x.mechanics!.movement!, { transport: { passengers: ['land'] } });
      x.unitTypes!.fleet.capacity = 1;
    });
    const { game, s } = atCombat(r);
    expect(s.units['azure-2'].at).toBe('carried:azure-fleet');
    // Red 2 (column 1-2) rolls 1 → 1 point: the fleet (one step) is sunk; the fleet's 1 rolls 5 → none.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0504', units: ['crimson-1'] }, [1, 5]);
    expect(eventsOf(lastEvents(t), 'loss').map((e) => e.text)).toEqual(['Azure Squadron is eliminated', '2nd Azure Guard is lost with Azure Squadron']);
    expect(t.units['azure-2'].at).toBe('eliminated');
  });

  it('fires triggers on units attacked', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0302'], ['slate-militia', 'slate', '0303']]));
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0303', units: ['crimson-1'] }, [3, 3]);
    expect(eventsOf(lastEvents(t), 'trigger').map((e) => e.trigger)).toEqual(['slate-joins-blue']);
    expect(t.powers.slate.side).toBe('blue');
  });

  it('attacks no unit in a country outside the zones of control (a neutral) from beyond its border, until it is invaded', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0203'], ['slate-militia', 'slate', '0303']], (r) => (r.mechanics!.zoc!.outside = { statuses: ['neutral'] })));
    const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0303', units: ['crimson-1'] };
    const attacks = (t: typeof s) => game.legalActions(t, 'red').filter((a) => a.type === 'attack');
    // No zone reaches into neutral Slate, and an attack goes where zones do.
    expect(attacks(s)).toEqual([]);
    expect(refusal(game, s, attack)).toMatchObject({ code: 'beyond-zones', message: 'hex 0303 (The Pass) lies in Slate, neutral: no zone of control reaches into it until it is invaded, so it may be entered, not attacked', cite: { pointer: '/mechanics/zoc/outside' } });
    // Once Slate is at war, its militia may be attacked.
    const atWar = act(game, s, { type: 'manual', op: { op: 'setStatus', power: 'slate', status: 'at-war' } });
    expect(attacks(atWar)).toEqual([attack]);
  });

  it('fires a trigger on units attacked by a power of the attacking side, and not where a country is left out', () => {
    const { game, s } = atCombat(
      arranged([['crimson-1', 'crimson', '0302'], ['slate-militia', 'slate', '0303']], (r) => {
        const on = (event: Event): Trigger => ({ name: 'Crimson attacks', on: [event], effects: [{ op: 'adjustTrack', track: 'tension', by: 1 }], source: { kind: 'rulebook', rule: '6.9' } });
        r.triggers!['crimson-attacks'] = on({ event: 'units-attacked', by: 'crimson' });
        r.triggers!['azure-attacks'] = on({ event: 'units-attacked', by: 'azure' });
        r.triggers!['crimson-attacks-but-slate'] = on({ event: 'units-attacked', by: 'crimson', notCountries: ['slate'] });
      }),
    );
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0303', units: ['crimson-1'] }, [3, 3]);
    expect(eventsOf(lastEvents(t), 'trigger').map((e) => e.trigger)).toEqual(['slate-joins-blue', 'crimson-attacks']);
    // What set it off, named by the country whose units were attacked, wherever they stand.
    expect(eventsOf(lastEvents(t), 'trigger')[1].text).toMatch(/\(units of Slate attacked by Red\)$/);
  });
});

/** Ridge with a fleet of strength 3, to outweigh the land units it supports. */
const supported = (r: ResolvedRuleset) => {
  supportedCombat(r);
  r.unitTypes!.fleet.factors = { attack: 3 };
};
const retreating = (r: ResolvedRuleset) => {
  supported(r);
  retreatingCombat(r);
};

describe('who fights, and what follows a battle', () => {
  it('counts support only up to the land strength beside it, and puts losses on land units alone', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0402', true], ['crimson-fleet', 'crimson', '0404'], ['azure-1', 'azure', '0403']], supported));
    // Red: reduced infantry 1 + fleet 3, of which 1 counts → 2, column 1-2; roll 1 → 1 point. Blue: 2, column 1-2; roll 2 → 1 point.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1', 'crimson-fleet'] }, [1, 2]);
    const [battle] = eventsOf(lastEvents(t), 'battle');
    expect(battle).toMatchObject({ attacker: { strength: 2, support: 3, supportCounted: 1, counted: 1 }, defender: { strength: 2, counted: 1 }, winner: 'blue' });
    expect(battle.text).toBe('Battle at hex 0403: Red 2 (1 of 3 support counted: no more than its land strength) against Blue 2; loss points inflicted by Red 1, by Blue 1; losses counted: Red 1, Blue 1; the winner: Blue, on the higher roll (2 against 1)');
    // Blue's point falls on the infantry, not on the fleet beside it.
    expect(t.units['crimson-1'].at).toBe('eliminated');
    expect(t.units['crimson-fleet'].stepsLost).toBe(0);
    expect(t.losses).toEqual([]);
  });

  it('has the sides\' supports fight first where the model says, and counts only the winner\'s', () => {
    const spots: Spot[] = [['crimson-1', 'crimson', '0402'], ['crimson-fleet', 'crimson', '0404'], ['azure-1', 'azure', '0403'], ['azure-air', 'azure', '0403']];
    const battling = (r: ResolvedRuleset) => {
      supported(r);
      r.unitTypes!.air = { name: 'Air', class: 'air', kind: 'air', factors: { attack: 2 }, steps: 1 };
      r.roster!['azure-air'] = { name: 'Azure Wing', power: 'azure', type: 'air' };
      Object.assign(r.mechanics!.combat!.land, { support: { classes: ['naval', 'air'], cappedBy: ['land'], battle: { lines: [{ firing: ['naval'], target: ['air'], table: 'fire' }, { table: 'fire' }] } } });
    };
    const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1', 'crimson-fleet'] };
    const { game, s } = atCombat(arranged(spots, battling));
    // Supports: Red's fleet 3 (column 3-4) rolls 2 → 1 point, Blue's air 2 (column 1-2) rolls 5 → none: Red wins and the air is gone.
    // Then Red 2 + 2 of the fleet's 3 (its land strength) = 4 (column 3-4) rolls 3 → 1; Blue 2 rolls 4 → none.
    const t = withDice(game, s, attack, [2, 5, 3, 4]);
    const events = lastEvents(t);
    expect(eventsOf(events, 'support-battle')[0]).toMatchObject({ winner: 'red', text: 'Support battle at hex 0403: Red 3 against Blue 2; loss points inflicted by Red 1, by Blue 0; the winner: Red, with fewer losses', cite: { pointer: '/mechanics/combat/land/support/battle' } });
    expect(eventsOf(events, 'lookup').map((l) => [l.table, l.column, l.roll, l.result])).toEqual([['fire', '3-4', 2, 1], ['fire', '1-2', 5, 0], ['fire', '3-4', 3, 1], ['fire', '1-2', 4, 0]]);
    expect(t.units['azure-air'].at).toBe('eliminated');
    const [battle] = eventsOf(events, 'battle');
    expect(battle.attacker).toMatchObject({ strength: 4, support: 3, supportCounted: 2 });
    expect(battle.text).toBe('Battle at hex 0403: Red 4 (2 of 3 support counted: no more than its land strength) against Blue 2; loss points inflicted by Red 1, by Blue 0; losses counted: Red 0, Blue 1; the winner: Red, with fewer losses');

    // Blue's air wins instead (Red's fleet rolls 5, the air 1): only Blue's support counts.
    const lost = withDice(game, s, attack, [5, 1, 3, 4]);
    expect(lost.units['crimson-fleet'].at).toBe('eliminated');
    expect(eventsOf(lastEvents(lost), 'battle')[0].text).toMatch(/^Battle at hex 0403: Red 2 against Blue 4 \(with 2 support\);/);
    // A line on which the fleet's kind fires nothing: Red's support fires no strength, and Blue's air (rolling 1) wins.
    const silent = atCombat(arranged(spots, (r) => {
      battling(r);
      (r.mechanics!.combat!.land as FireTableCombat).support!.battle!.lines[0].silentKinds = ['fleet'];
    }));
    const quiet = withDice(silent.game, silent.s, attack, [1, 3, 4]);
    expect(eventsOf(lastEvents(quiet), 'lookup')[0].text).toBe('Red support fires at Blue support: no strength, no fire');
    expect(eventsOf(lastEvents(quiet), 'support-battle')[0]).toMatchObject({ winner: 'blue' });
  });

  it('waits for the owner to choose which support units take the support battle\'s losses, then fights the battle with those left (the 2WW example of 6: "The Axis decides to flip 2nd air unit")', () => {
    const spots: Spot[] = [['crimson-1', 'crimson', '0402'], ['crimson-fleet', 'crimson', '0404'], ['azure-1', 'azure', '0403'], ['azure-air', 'azure', '0403'], ['azure-light', 'azure', '0403']];
    const { game, s } = atCombat(arranged(spots, (r) => {
      supported(r);
      r.unitTypes!.air = { name: 'Air', class: 'air', kind: 'air', factors: { attack: 2 }, steps: 1 };
      r.unitTypes!.light = { name: 'Light Air', class: 'air', kind: 'air', factors: { attack: 1 }, steps: 1 };
      r.roster!['azure-air'] = { name: 'Azure Wing', power: 'azure', type: 'air' };
      r.roster!['azure-light'] = { name: 'Azure Light Wing', power: 'azure', type: 'light' };
      Object.assign(r.mechanics!.combat!.land, { support: { classes: ['naval', 'air'], battle: { lines: [{ table: 'fire' }] } } });
    }));
    const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1', 'crimson-fleet'] };
    // Supports: Red's fleet 3 rolls 2 → 1 point; Blue's air 2 + 1 = 3 rolls 1 → 2 points, sinking the fleet. Blue wins the
    // support battle, and chooses which of its two air units takes Red's point: the battle waits for it.
    const waiting = withDice(game, s, attack, [2, 1]);
    expect(eventsOf(lastEvents(waiting), 'battle')).toEqual([]);
    expect(waiting.battle).toMatchObject({ stage: 'main', supports: [false, true], target: 'hex:0403' });
    expect(waiting.losses).toEqual([expect.objectContaining({ side: 'blue', points: 1, units: ['azure-air', 'azure-light'] })]);
    expect(game.activeSides(waiting)).toEqual(['blue']);
    expect(game.status(waiting).waiting).toBe('Blue to allocate 1 loss point; then the battle at hex 0403 is fought on, after its support battle');
    expect(game.legalActions(waiting, 'blue')).toEqual([
      { type: 'allocate', side: 'blue', loss: 'loss-1', units: ['azure-air'] },
      { type: 'allocate', side: 'blue', loss: 'loss-1', units: ['azure-light'] },
    ]);
    expect(labelActions(game, waiting, game.legalActions(waiting, 'blue'))).toEqual(['Take losses on Azure Wing (1 step: eliminated)', 'Take losses on Azure Light Wing (1 step: eliminated)']);
    expect(refusal(game, waiting, { type: 'endStep', side: 'red' })).toMatchObject({ code: 'losses-pending' });
    // Blue gives up the light wing and keeps the 2 of the other: Red 2 rolls 3 → none; Blue 2 + 2 rolls 4 → 1.
    const t = withDice(game, waiting, { type: 'allocate', side: 'blue', loss: 'loss-1', units: ['azure-light'] }, [3, 4]);
    expect(t.battle).toBeUndefined();
    expect(t.units['azure-light'].at).toBe('eliminated');
    expect(t.units['azure-air'].at).toBe('hex:0403');
    expect(eventsOf(lastEvents(t), 'battle')[0].text).toBe('Battle at hex 0403: Red 2 against Blue 4 (with 2 support); loss points inflicted by Red 0, by Blue 1; losses counted: Red 1, Blue 0; the winner: Blue, with fewer losses');
    // The odds of the attack fight through the wait, the losses falling as they would with no one to choose.
    expect(attackOdds(game, s, attack as Extract<Action, { type: 'attack' }>, 20)).toMatchObject({ ok: true, odds: { runs: 20, assumed: [expect.stringMatching(/full-strength units first/)] } });
  });

  it('exhausts the units of the classes the model names after a battle: they neither attack nor fire until their side\'s units are readied', () => {
    const exhausting = (r: ResolvedRuleset) => {
      supported(r);
      Object.assign(r.mechanics!.combat!.land, { exhausts: ['naval'] });
      // Each side's player turn begins by readying its units.
      r.sequence!.phases[1].steps!.unshift({ id: 'ready-step', name: 'Ready', procedure: 'ready' });
    };
    const spots: Spot[] = [['crimson-1', 'crimson', '0402'], ['crimson-fleet', 'crimson', '0404'], ['azure-1', 'azure', '0403']];
    const { game, s } = atCombat(arranged(spots, exhausting));
    const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1', 'crimson-fleet'] };
    // Red 2 + 1 = 3 (column 3-4) rolls 2 → 1 point; Blue 2 (column 1-2) rolls 5 → none.
    const t = withDice(game, s, attack, [2, 5]);
    expect(t.units['crimson-fleet'].exhausted).toBe(true);
    expect(t.units['crimson-1'].exhausted).toBeUndefined();
    expect(eventsOf(lastEvents(t), 'exhausted')[0]).toMatchObject({ units: ['crimson-fleet'], exhausted: true, text: 'Crimson Squadron exhausted: no more attacks or fire until readied', cite: { pointer: '/mechanics/combat/land/exhausts' } });
    // An exhausted unit is offered no attack and may not join one.
    const tired = structuredClone(s);
    tired.units['crimson-fleet'].exhausted = true;
    expect(game.legalActions(tired, 'red').filter((a) => a.type === 'attack')).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1'] }]);
    expect(refusal(game, tired, attack)).toMatchObject({ code: 'exhausted', message: 'Crimson Squadron is exhausted by an earlier battle: it takes part in no attack until its side\'s units are readied', cite: { pointer: '/mechanics/combat/land/exhausts' } });
    // Blue's turn readies Blue's units, not Red's; Red's next turn readies the fleet.
    const blue = playTo(game, t, 'movement-step', 'blue');
    expect(blue.units['crimson-fleet'].exhausted).toBe(true);
    const red = playTo(game, blue, 'movement-step', 'red');
    expect(red.units['crimson-fleet'].exhausted).toBeUndefined();
    expect(red.log.flatMap((e) => eventsOf(e.events, 'exhausted')).at(-1)).toMatchObject({ units: ['crimson-fleet'], exhausted: false, text: 'Readied: Crimson Squadron' });
  });

  it('lets a defender exhausted by an earlier battle take losses but not fire', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0402'], ['azure-1', 'azure', '0403']], supported));
    const tired = structuredClone(s);
    tired.units['azure-1'].exhausted = true;
    // Red 2 (column 1-2) rolls 1 → 1 point; Blue's infantry does not fire: it rolls nothing.
    const t = withDice(game, tired, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1'] }, [1]);
    const events = lastEvents(t);
    expect(eventsOf(events, 'exhausted')[0].text).toBe('Exhausted by an earlier battle, 1st Azure Guard does not fire');
    expect(eventsOf(events, 'battle')[0].defender).toMatchObject({ strength: 0 });
    expect(t.units['azure-1'].stepsLost).toBe(1);
  });

  it('waits for the defender to choose its support among the units that may give it, then fights', () => {
    const withFleet = (r: ResolvedRuleset) => {
      supported(r);
      r.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
    };
    // Blue's fleet in 0404 is beside 0403, where Red attacks Blue's infantry.
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0402'], ['azure-1', 'azure', '0403'], ['azure-fleet', 'azure', '0404']], withFleet));
    const declared = act(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1'] });
    expect(declared.defense).toMatchObject({ by: 'blue', candidates: ['azure-fleet'], target: 'hex:0403' });
    expect(eventsOf(lastEvents(declared), 'battle')).toEqual([]);
    expect(eventsOf(lastEvents(declared), 'defense')[0].text).toBe('Blue may support the defence of hex 0403 with Azure Squadron');
    expect(game.activeSides(declared)).toEqual(['blue']);
    expect(game.legalActions(declared, 'blue')).toEqual([{ type: 'defend', side: 'blue', units: [] }, { type: 'defend', side: 'blue', units: ['azure-fleet'] }]);
    expect(refusal(game, declared, { type: 'endStep', side: 'red' })).toMatchObject({ code: 'defense-pending' });
    expect(refusal(game, declared, { type: 'defend', side: 'blue', units: ['azure-1'] })).toMatchObject({ code: 'not-a-supporter', message: '1st Azure Guard may not take part in the support of the defence of hex 0403: only Azure Squadron may' });
    // Blue 2 + 2 of its fleet's 3 (no more than its land strength) = 4 (column 3-4); Red 2 (column 1-2).
    const t = withDice(game, declared, { type: 'defend', side: 'blue', units: ['azure-fleet'] }, [5, 4]);
    const [battle] = eventsOf(lastEvents(t), 'battle');
    expect(battle.defender).toMatchObject({ strength: 4, support: 3, supportCounted: 2 });
    expect(t.defense).toBeUndefined();
    // Sending none, Blue fights with its infantry alone.
    const alone = withDice(game, declared, { type: 'defend', side: 'blue', units: [] }, [5, 4]);
    expect(eventsOf(lastEvents(alone), 'battle')[0].defender).toMatchObject({ strength: 2 });
    // Odds are worked out against the strongest defence: all the support Blue may give.
    expect(attackOdds(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1'] }, 50)).toMatchObject({ ok: true, odds: { runs: 50, support: ['azure-fleet'] } });
    // With two that may, every choice of them is listed, smallest first.
    const two = atCombat(arranged([['crimson-1', 'crimson', '0402'], ['azure-1', 'azure', '0403'], ['azure-fleet', 'azure', '0404'], ['azure-fleet-2', 'azure', '0404']], (r) => {
      withFleet(r);
      r.roster!['azure-fleet-2'] = { name: 'Azure Second Squadron', power: 'azure', type: 'fleet' };
    }));
    const pending = act(two.game, two.s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1'] });
    expect(two.game.legalActions(pending, 'blue').map((a) => (a.type === 'defend' ? a.units : []))).toEqual([[], ['azure-fleet'], ['azure-fleet-2'], ['azure-fleet', 'azure-fleet-2']]);
    // A model without support has nobody to choose: the battle is fought at once.
    const plain = atCombat(arranged([['crimson-1', 'crimson', '0402'], ['azure-1', 'azure', '0403']]));
    expect(plain.game.applyAction(plain.s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1'] })).toMatchObject({ ok: true, question: { key: expect.stringMatching(/^roll:/) } });
  });

  it('runs more combats in a step where it names them, each on the units of its defending classes', () => {
    const naval = (r: ResolvedRuleset) => {
      r.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
      r.mechanics!.combat!.sea = { model: 'fire-table', table: 'fire', factor: 'attack', attackers: ['naval'], defenders: ['naval'], absorbs: ['naval'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll' };
      r.sequence!.phases[1].steps![1].combats = ['sea'];
    };
    // Blue's fleet and infantry share the coast hex 0603, beside Red's fleet (0604) and Red's infantry (0502).
    const spots: Spot[] = [['crimson-fleet', 'crimson', '0604'], ['crimson-1', 'crimson', '0502'], ['azure-fleet', 'azure', '0603'], ['azure-2', 'azure', '0603']];
    const { game, s } = atCombat(arranged(spots, naval));
    const attacks = game.legalActions(s, 'red').filter((a) => a.type === 'attack');
    expect(attacks).toContainEqual({ type: 'attack', side: 'red', combat: 'sea', target: 'hex:0603', units: ['crimson-fleet'] });
    expect(attacks).toContainEqual({ type: 'attack', side: 'red', combat: 'land', target: 'hex:0603', units: ['crimson-fleet', 'crimson-1'] });
    // The fleets fight alone: Blue's infantry in the hex neither fires nor takes losses. Red 1 rolls 1 → 1 point; Blue 1 rolls 3 → none.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0603', units: ['crimson-fleet'] }, [1, 3]);
    expect(eventsOf(lastEvents(t), 'battle')[0]).toMatchObject({ combat: 'sea', attacker: { strength: 1 }, defender: { strength: 1 }, winner: 'red' });
    expect(t.units['azure-fleet'].at).toBe('eliminated');
    expect(t.units['azure-2'].stepsLost).toBe(0);
    // A hex with no hostile fleet is no target of the sea combat.
    const inland = arranged([['crimson-fleet', 'crimson', '0604'], ['azure-2', 'azure', '0603']], naval);
    const x = atCombat(inland);
    expect(refusal(x.game, x.s, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0603', units: ['crimson-fleet'] })).toMatchObject({ code: 'no-target', message: 'hex 0603 (Azure Port) holds no naval units hostile to Red', cite: { pointer: '/mechanics/combat/sea/defenders' } });
    // Where the model shelters units in a place their side controls (a port), none of its attacks targets them there.
    const port = arranged(spots, (r) => (naval(r), Object.assign(r.mechanics!.combat!.sea, { shelteredAt: ['port'] })));
    const p = atCombat(port);
    expect(p.game.legalActions(p.s, 'red').filter((a) => a.type === 'attack' && a.combat === 'sea')).toEqual([]);
    expect(refusal(p.game, p.s, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0603', units: ['crimson-fleet'] })).toMatchObject({ code: 'sheltered', cite: { pointer: '/mechanics/combat/sea/shelteredAt' } });
    // A step that does not run it refuses its attacks.
    const moving = playTo(game, game.initial, 'movement-step', 'red');
    expect(refusal(game, moving, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0603', units: ['crimson-fleet'] })).toMatchObject({ code: 'wrong-step' });
  });

  it('has the defender fire on its own table where the model names one', () => {
    const r = arranged([['crimson-1', 'crimson', '0402'], ['azure-1', 'azure', '0403']], (x) => {
      x.tables!.back = { ...structuredClone(x.tables!.fire), title: 'Fire Back' };
      x.tables!.back.cells['2']['1-2'] = 2;
      Object.assign(x.mechanics!.combat!.land, { defenderTable: 'back' });
    });
    const { game, s } = atCombat(r);
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-1'] }, [3, 2]);
    expect(eventsOf(lastEvents(t), 'lookup').map((l) => [l.table, l.column, l.roll, l.result])).toEqual([['fire', '1-2', 3, 0], ['back', '1-2', 2, 2]]);
  });

  it('sends the loser to the nearest place of some kinds its side controls, exhausted, where the retreat says so', () => {
    // Fleets fight at sea, the loser making for the nearest port its side controls.
    const seaBattle = (spots: Spot[]) =>
      atCombat(arranged(spots, (x) => {
        x.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
        x.mechanics!.movement!.classes!.naval = { allowance: 'movement', entersTerrain: ['sea', 'coast'], ignoresTerrain: true, flatCost: 1, stillWhenExhausted: true };
        x.mechanics!.combat!.sea = { model: 'fire-table', table: 'fire', factor: 'attack', attackers: ['naval'], defenders: ['naval'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll', retreat: { classes: ['naval'], toNearest: ['port'], exhausts: true } };
        x.sequence!.phases[1].steps![1].combats = ['sea'];
      }));
    const { game, s } = seaBattle([['crimson-fleet', 'crimson', '0304'], ['azure-fleet', 'azure', '0404']]);
    // Neither fleet hits (Red rolls 5, Blue 4): Red wins on the higher roll, and Blue's fleet makes for Azure Port (0603), three hexes off by sea.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0404', units: ['crimson-fleet'] }, [5, 4]);
    expect(t.units['azure-fleet']).toMatchObject({ at: 'hex:0603', exhausted: true });
    expect(eventsOf(lastEvents(t), 'move').at(-1)!.text).toBe('Azure Squadron retreats from hex 0404 to hex 0603 (Azure Port) (the only place open), exhausted');
    // Exhausted, a fleet stays where it is: in Blue's movement step it is no mover, and a move of it is refused.
    const blue = playTo(game, t, 'movement-step', 'blue');
    expect(game.movers(blue, 'blue')).not.toContain('azure-fleet');
    expect(refusal(game, blue, { type: 'move', side: 'blue', unit: 'azure-fleet', to: 'hex:0604' })).toMatchObject({ code: 'exhausted', cite: { pointer: '/mechanics/movement/classes/naval/stillWhenExhausted' } });
    // Beaten in Azure Port itself, the fleet is at the nearest port already: it stays, and the log says so.
    const inPort = seaBattle([['crimson-fleet', 'crimson', '0604'], ['azure-fleet', 'azure', '0603']]);
    const stayed = withDice(inPort.game, inPort.s, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0603', units: ['crimson-fleet'] }, [5, 4]);
    expect(eventsOf(lastEvents(stayed), 'move').at(-1)!.text).toMatch(/^Azure Squadron stays at hex 0603 \(Azure Port\), the nearest place it retreats to/);
  });

  it('keeps a retreat to the nearest place away from hostile units of some classes, unless its own side\'s stand there', () => {
    const lost = (spots: Spot[]) => {
      const r = arranged([['crimson-fleet', 'crimson', '0304'], ['azure-fleet', 'azure', '0404'], ...spots], (x) => {
        x.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
        x.roster!['crimson-raiders'] = { name: 'Crimson Raiders', power: 'crimson', type: 'fleet' };
        x.roster!['azure-guardships'] = { name: 'Azure Guardships', power: 'azure', type: 'fleet' };
        x.mechanics!.movement!.classes!.naval = { allowance: 'movement', entersTerrain: ['sea', 'coast'], ignoresTerrain: true, flatCost: 1 };
        x.mechanics!.combat!.sea = { model: 'fire-table', table: 'fire', factor: 'attack', attackers: ['naval'], defenders: ['naval'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll', retreat: { classes: ['naval'], toNearest: ['port'], notBeside: ['naval'] } };
        x.sequence!.phases[1].steps![1].combats = ['sea'];
      });
      const { game, s } = atCombat(r);
      // Red wins on the higher roll (5 against 4), no losses: Blue's squadron must make for Azure Port (0603), by 0504 and 0604.
      const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'sea', target: 'hex:0404', units: ['crimson-fleet'] }, [5, 4]);
      return t;
    };
    // Red's raiders ashore in 0602 (a fixture's liberty) close the port beside them to Blue's squadron: it has nowhere to go.
    const barred = lost([['crimson-raiders', 'crimson', '0602']]);
    expect(barred.units['azure-fleet'].at).toBe('eliminated');
    expect(eventsOf(lastEvents(barred), 'loss').map((e) => e.text)).toContain('Azure Squadron cannot retreat from hex 0404 and is eliminated: its side controls no port it could reach');
    // With Blue's guardships in the port, the squadron may enter it.
    expect(lost([['crimson-raiders', 'crimson', '0602'], ['azure-guardships', 'azure', '0603']]).units['azure-fleet'].at).toBe('hex:0603');
  });

  it('fights a combat within a box between the units there, the loser retreating out of the box', () => {
    const r = arranged([['crimson-fleet', 'crimson', '0304'], ['azure-fleet', 'azure', '0404'], ['crimson-2', 'crimson', '0102']], (x) => {
      x.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
      x.roster!['crimson-2'] = { name: 'Crimson Raiders', power: 'crimson', type: 'fleet' };
      x.map!.boxes!.ocean = { name: 'Ocean', entries: [{ from: 'listed', cost: 1 }], hexes: ['0404', '0504'] };
      for (const unit of ['crimson-fleet', 'azure-fleet']) x.scenarios!.campaign.placements.find((p) => p.unit === unit)!.location = { box: 'ocean' };
      x.mechanics!.movement!.classes!.naval = { allowance: 'movement', entersTerrain: ['sea', 'coast'], ignoresTerrain: true, flatCost: 1, stillWhenExhausted: true };
      x.mechanics!.combat!['ocean-sea'] = { model: 'fire-table', table: 'fire', factor: 'attack', withinBoxes: ['ocean'], attackers: ['naval'], defenders: ['naval'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll', retreat: { classes: ['naval'], toNearest: ['port'], exhausts: true } };
      x.sequence!.phases[1].steps![1].combats = ['ocean-sea'];
    });
    const { game, s } = atCombat(r);
    // Only the fleet in the box attacks there; the one on the map has no reach into it, and no hex is a target.
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'attack')).toEqual([{ type: 'attack', side: 'red', combat: 'ocean-sea', target: 'box:ocean', units: ['crimson-fleet'] }]);
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'ocean-sea', target: 'box:ocean', units: ['crimson-2'] })).toMatchObject({ code: 'out-of-reach', message: 'Crimson Raiders is not in box Ocean: an attack there is made by units in it', cite: { pointer: '/mechanics/combat/ocean-sea/withinBoxes' } });
    // Red rolls 5, Blue 4, neither hits: Red wins on the higher roll and Blue's fleet leaves the box for Azure Port, its nearest.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'ocean-sea', target: 'box:ocean', units: ['crimson-fleet'] }, [5, 4]);
    expect(t.units['azure-fleet']).toMatchObject({ at: 'hex:0603', exhausted: true });
    expect(eventsOf(lastEvents(t), 'move').at(-1)!.text).toBe('Azure Squadron retreats from box Ocean to hex 0603 (Azure Port) (the only place open), exhausted');
    // The winner is in the box already: nothing to advance into, and the step goes on.
    expect(t.aftermath).toBeUndefined();
    expect(t.units['crimson-fleet'].at).toBe('box:ocean');
  });

  it('lets a few units support a battle inside a box from the countries the model names, whatever their reach, once its condition holds', () => {
    const r = arranged([['crimson-fleet', 'crimson', '0304'], ['azure-fleet', 'azure', '0404'], ['crimson-wing', 'crimson', '0102'], ['crimson-wing-2', 'crimson', '0201']], (x) => {
      x.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
      x.unitTypes!.wing = { name: 'Wing', class: 'air', kind: 'wing', factors: { attack: 2 }, steps: 1, source: { kind: 'rulebook', rule: '2.4' } };
      x.roster!['crimson-wing'] = { name: 'Crimson Wing', power: 'crimson', type: 'wing' };
      x.roster!['crimson-wing-2'] = { name: 'Crimson Second Wing', power: 'crimson', type: 'wing' };
      x.map!.boxes!.ocean = { name: 'Ocean', entries: [{ from: 'listed', cost: 1 }], hexes: ['0404', '0504'] };
      for (const unit of ['crimson-fleet', 'azure-fleet']) x.scenarios!.campaign.placements.find((p) => p.unit === unit)!.location = { box: 'ocean' };
      x.mechanics!.combat!['ocean-sea'] = {
        model: 'fire-table', table: 'fire', factor: 'attack', withinBoxes: ['ocean'], attackers: ['naval'], defenders: ['naval'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll',
        support: { classes: ['air'], fromAfar: { sides: ['red'], countries: ['crimson'], most: 1, when: { op: 'turn', cmp: '>=', turn: { turn: 2 } } } },
      };
      x.sequence!.phases[1].steps![1].combats = ['ocean-sea'];
    });
    const game = newGame(r, 1, { manualDice: true });
    const attacks = (s: GameState) => game.legalActions(s, 'red').filter((a) => a.type === 'attack');
    // Turn 1: the wings in Crimson are far from the ocean, and may not support yet.
    const first = playTo(game, game.initial, 'combat-step', 'red');
    expect(attacks(first)).toEqual([{ type: 'attack', side: 'red', combat: 'ocean-sea', target: 'box:ocean', units: ['crimson-fleet'] }]);
    // Turn 2: one of them may, the first listed; both together are refused, naming the rule.
    const second = playTo(game, first, 'combat-step', 'red', 2);
    expect(attacks(second)).toEqual([{ type: 'attack', side: 'red', combat: 'ocean-sea', target: 'box:ocean', units: ['crimson-fleet', 'crimson-wing'] }]);
    expect(refusal(game, second, { type: 'attack', side: 'red', combat: 'ocean-sea', target: 'box:ocean', units: ['crimson-fleet', 'crimson-wing', 'crimson-wing-2'] })).toMatchObject({
      code: 'too-many-from-afar',
      message: 'at most 1 unit supports a battle in box Ocean from outside it, not Crimson Wing, Crimson Second Wing',
      cite: { pointer: '/mechanics/combat/ocean-sea/support/fromAfar/most' },
    });
    expect(game.applyAction(second, { type: 'attack', side: 'red', combat: 'ocean-sea', target: 'box:ocean', units: ['crimson-fleet', 'crimson-wing-2'] }).ok).toBe(true);
  });

  it('lets a passenger of a kind that acts aboard support, and be attacked, from its carrier\'s hex', () => {
    const aboard = (actsAboard: string[]) => {
      const r = arranged([['crimson-1', 'crimson', '0401'], ['crimson-fleet', 'crimson', '0103'], ['crimson-wing', 'crimson', '0103'], ['azure-2', 'azure', '0402']], (x) => {
        navalAir(supportedCombat(x), actsAboard);
        Object.assign(x.mechanics!.combat!.land, { reach: 'zone', support: { classes: ['air'], cappedBy: ['land'] } });
        x.mechanics!.combat!['air-raid'] = { model: 'fire-table', table: 'fire', factor: 'attack', attackers: ['land'], defenders: ['air'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll' };
        x.sequence!.phases[1].steps![1].combats = ['air-raid'];
      });
      const game = newGame(r, 1, { manualDice: true });
      // The wing boards the squadron in Crimson Port, which sails off to sea at 0204.
      let s = playTo(game, game.initial, 'movement-step', 'red');
      s = act(game, s, { type: 'board', side: 'red', unit: 'crimson-wing', carrier: 'crimson-fleet' });
      s = act(game, s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0204' });
      return { game, s: playTo(game, s, 'combat-step', 'red') };
    };
    // Aboard at 0204, the wing projects its range-3 zone from there (to 0504, which no other Red unit's reaches), and covers 0402: it supports the Foot's attack there.
    const acting = aboard(['naval-air']);
    expect(acting.game.overview(acting.s, 'blue').zones).toContain('hex:0504');
    expect(acting.game.legalActions(acting.s, 'red').filter((a) => a.type === 'attack' && a.combat === 'land')).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'hex:0402', units: ['crimson-1', 'crimson-wing'] }]);
    const fought = withDice(acting.game, acting.s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0402', units: ['crimson-1', 'crimson-wing'] }, [3, 5]);
    expect(eventsOf(lastEvents(fought), 'battle')[0].attacker).toMatchObject({ strength: 4, support: 2, supportCounted: 2 });
    // Blue's units may strike it where its carrier stands, in Blue's combat step.
    const blue = playTo(acting.game, put(acting.game, acting.s, 'azure-2', 'hex:0103'), 'combat-step', 'blue');
    expect(acting.game.legalActions(blue, 'blue').filter((a) => a.type === 'attack' && a.combat === 'air-raid')).toEqual([{ type: 'attack', side: 'blue', combat: 'air-raid', target: 'hex:0204', units: ['azure-2'] }]);
    // A passenger of a kind the model does not name does nothing aboard: no zone, and the Foot attacks alone.
    const idle = aboard([]);
    expect(idle.game.overview(idle.s, 'blue').zones).not.toContain('hex:0504');
    expect(idle.game.legalActions(idle.s, 'red').filter((a) => a.type === 'attack' && a.combat === 'land')).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'hex:0402', units: ['crimson-1'] }]);
  });

  it('lets only the attacking classes make an attack, naming the rule', () => {
    const r = arranged([['crimson-1', 'crimson', '0101'], ['crimson-fleet', 'crimson', '0404'], ['azure-1', 'azure', '0403'], ['azure-2', 'azure', '0201'], ['azure-fort', 'azure', '0402']], supported);
    const { game, s } = atCombat(r);
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0403', units: ['crimson-fleet'] })).toMatchObject({ code: 'support-only', cite: { pointer: '/mechanics/combat/land/support' } });
    // A fleet alone in reach of a target is offered no attack; infantry beside one is.
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'attack')).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'hex:0201', units: ['crimson-1'] }]);
    const blue = playTo(game, s, 'combat-step', 'blue');
    expect(refusal(game, blue, { type: 'attack', side: 'blue', combat: 'land', target: 'hex:0101', units: ['azure-fort'] })).toMatchObject({ code: 'cannot-attack', cite: { pointer: '/mechanics/combat/land/attackers' } });
  });

  it('reaches as far as each unit\'s zone of control when the model says so', () => {
    const spots: Spot[] = [['crimson-1', 'crimson', '0501'], ['crimson-fleet', 'crimson', '0404'], ['azure-2', 'azure', '0502']];
    const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-fleet'] };
    // The fleet in 0404 is two hexes from 0502: out of reach beside it, within a zone of control reaching 2.
    const beside = atCombat(arranged(spots, supported));
    expect(refusal(beside.game, beside.s, attack)).toMatchObject({ code: 'out-of-reach', message: "hex 0502 (Azure Town) is out of Crimson Squadron's reach (beside it)" });
    const zoned = atCombat(arranged(spots, (r) => {
      supported(r);
      Object.assign(r.mechanics!.combat!.land, { reach: 'zone' });
      r.mechanics!.zoc!.classes.naval = { reach: 2 };
    }));
    expect(zoned.game.legalActions(zoned.s, 'red').filter((a) => a.type === 'attack')).toEqual([attack]);
    expect(eventsOf(lastEvents(withDice(zoned.game, zoned.s, attack, [3, 5])), 'battle')[0].attacker).toMatchObject({ strength: 4, support: 3, supportCounted: 2 });
  });

  it('makes the loser retreat where its owner chooses, outside hostile zones, then lets the winner advance', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['azure-2', 'azure', '0502']], retreating));
    // Red: 2 + 4 = 6, column 5-7; roll 3 → 1 point. Blue: 2, column 1-2; roll 5 → none. Red wins with fewer losses.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] }, [3, 5]);
    expect(eventsOf(lastEvents(t), 'battle')[0].text).toMatch(/the winner: Red, with fewer losses$/);
    expect(t.units['azure-2']).toMatchObject({ at: 'hex:0502', stepsLost: 1 });
    // Around 0502, red's units hold 0501 and 0402, and their zones cover 0403 and 0602: 0503 and 0603 are open.
    expect(game.activeSides(t)).toEqual(['blue']);
    const retreats = game.legalActions(t, 'blue');
    expect(retreats.map((a) => a.type === 'retreat' && a.to).sort()).toEqual(['hex:0503', 'hex:0603']);
    expect(game.legalActions(t, 'red')).toEqual([]);
    expect(refusal(game, t, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0403' })).toMatchObject({
      code: 'retreat-barred',
      message: '2nd Azure Guard cannot retreat to hex 0403: it lies in the zone of control of 2nd Crimson Horse, with no friendly land unit there',
      cite: { pointer: '/mechanics/combat/land/retreat' },
    });
    expect(refusal(game, t, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0101' }).message).toBe('2nd Azure Guard cannot retreat to hex 0101 (Crimson City): a retreat goes to a location beside hex 0502 (Azure Town) the unit could move to');
    expect(refusal(game, t, { type: 'retreat', side: 'blue', unit: 'crimson-1', to: 'hex:0503' })).toMatchObject({ code: 'not-retreating', message: '1st Crimson Foot has no retreat to make' });
    expect(refusal(game, t, { type: 'endStep', side: 'red' }).code).toBe('aftermath-pending');
    expect(refusal(game, t, { type: 'advance', side: 'red', unit: 'crimson-2', to: 'hex:0502' }).code).toBe('not-your-turn');

    const back = act(game, t, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0503' });
    expect(back.units['azure-2'].at).toBe('hex:0503');
    expect(eventsOf(lastEvents(back), 'move')[0].text).toBe('2nd Azure Guard retreats from hex 0502 (Azure Town) to hex 0503');
    // Both red units fought beside the hex left empty: either may advance, or neither.
    expect(game.activeSides(back)).toEqual(['red']);
    expect(game.legalActions(back, 'red')).toEqual([
      { type: 'advance', side: 'red', unit: 'crimson-1', to: 'hex:0502' },
      { type: 'advance', side: 'red', unit: 'crimson-2', to: 'hex:0502' },
      { type: 'endAdvance', side: 'red' },
    ]);
    expect(refusal(game, back, { type: 'advance', side: 'red', unit: 'crimson-2', to: 'hex:0503' })).toMatchObject({ code: 'advance-barred', message: expect.stringMatching(/^2nd Crimson Horse cannot advance to hex 0503: /) });
    const forward = act(game, back, { type: 'advance', side: 'red', unit: 'crimson-2', to: 'hex:0502' });
    expect(forward.units['crimson-2'].at).toBe('hex:0502');
    expect(forward.control['hex:0502']).toBe('crimson');
    expect(game.legalActions(forward, 'red').map((a) => a.type)).toEqual(['advance', 'endAdvance']);
    const done = act(game, forward, { type: 'endAdvance', side: 'red' });
    expect(done.aftermath).toBeUndefined();
    expect(game.legalActions(done, 'red').map((a) => a.type)).toEqual(['endStep']);
  });

  it('lets the loser retreat into a hostile zone where a friendly unit of a class the zone model lets open it stands (a fort, as a land unit)', () => {
    const retreatsWith = (fortOpens: boolean) => {
      const { game, s } = atCombat(
        arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['azure-2', 'azure', '0502'], ['azure-fort', 'azure', '0403']], (r) => {
          retreating(r);
          if (fortOpens) r.mechanics!.zoc!.openedAlsoBy = { land: ['fortification'] };
        }),
      );
      const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] }, [3, 5]);
      return game.legalActions(t, 'blue').flatMap((a) => (a.type === 'retreat' ? [a.to] : [])).sort();
    };
    // 0403 lies in red's zones: the Azure fort there opens it only as a land unit.
    expect(retreatsWith(false)).toEqual(['hex:0503', 'hex:0603']);
    expect(retreatsWith(true)).toEqual(['hex:0403', 'hex:0503', 'hex:0603']);
  });

  it('bars a retreat into a neutral where the zones that spring up as it is invaded reach (activeOnInvasion)', () => {
    const after = (activeOnInvasion: boolean) => {
      const { game, s } = atCombat(
        arranged([['crimson-1', 'crimson', '0201'], ['crimson-2', 'crimson', '0102'], ['azure-2', 'azure', '0202'], ['slate-militia', 'slate', '0303']], (r) => {
          retreating(r);
          r.mechanics!.zoc!.outside = { statuses: ['neutral'], activeOnInvasion };
        }),
      );
      return { game, t: withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0202', units: ['crimson-1', 'crimson-2'] }, [3, 5]) };
    };
    // Red's zones cover 0203 and 0301: the one way out is 0302, in neutral Slate, beside its militia, taken at once.
    expect(after(false).t.units['azure-2'].at).toBe('hex:0302');
    // Entering Slate invades it, and the militia's zone counts at that instant: no retreat, and the unit is eliminated.
    expect(after(true).t.units['azure-2'].at).toBe('eliminated');
  });

  it('eliminates the losing side\'s units of the classes that cannot retreat where the model says, and leaves them where it does not', () => {
    const spots: Spot[] = [['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['azure-2', 'azure', '0502'], ['azure-fort', 'azure', '0502']];
    const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] };
    // Neither side inflicts a loss point (Red rolls 6, Blue 5): Red wins on the higher roll.
    const fought = (eliminated?: string[]) => {
      const { game, s } = atCombat(arranged(spots, (r) => {
        retreating(r);
        if (eliminated) Object.assign((r.mechanics!.combat!.land as FireTableCombat).retreat!, { eliminated });
      }));
      return act(game, withDice(game, s, attack, [6, 5]), { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0503' });
    };
    const fallen = fought(['fortification']);
    expect(fallen.units['azure-fort'].at).toBe('eliminated');
    expect(fallen.log.flatMap((e) => e.events).map((e) => e.text)).toContain('Azure Citadel cannot retreat from hex 0502 (Azure Town) and is eliminated: fortification units are eliminated rather than retreat');
    expect(fought().units['azure-fort'].at).toBe('hex:0502');
  });

  it('lets the loser retreat where it breaks a stacking limit only where its owner eliminates the excess at the next check, whichever side acts', () => {
    const spots: Spot[] = [['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['azure-2', 'azure', '0502'], ['azure-1', 'azure', '0503'], ['azure-3', 'azure', '0503']];
    const lost = (excess?: 'owner-eliminates') => {
      const { game, s } = atCombat(arranged(spots, (r) => {
        retreatingCombat(r);
        r.roster!['azure-3'] = { name: '3rd Azure Guard', power: 'azure', type: 'infantry' };
        if (excess) Object.assign(r.mechanics!.stacking!, { excess, checkedAt: ['movement-step', 'combat-step'] });
      }));
      // Red wins with fewer losses (as above): Blue's 2nd Guard must retreat, beside two Guards already stacked to the limit in 0503.
      return { game, t: withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] }, [3, 5]) };
    };
    // Where the tester adjudicates a broken stack, 0603 is the only place open: the Guard goes there by itself.
    expect(lost().t.units['azure-2'].at).toBe('hex:0603');
    const { game, t } = lost('owner-eliminates');
    expect(game.legalActions(t, 'blue').map((a) => a.type === 'retreat' && a.to).sort()).toEqual(['hex:0503', 'hex:0603']);
    const back = act(game, t, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0503' });
    expect(back.units['azure-2'].at).toBe('hex:0503');
    // Red's combat step is checked for stacking, every side's: as it ends, Blue eliminates one of the three Guards, as it chooses.
    const ended = act(game, act(game, back, { type: 'endAdvance', side: 'red' }), { type: 'endStep', side: 'red' });
    expect(eventsOf(lastEvents(ended), 'stacking').map((e) => e.text)).toEqual(['hex 0503: 3 land units of Blue (2nd Azure Guard, 1st Azure Guard, 3rd Azure Guard) where at most 2 may stack: Blue must eliminate 1 of them']);
    expect(ended.losses).toEqual([expect.objectContaining({ side: 'blue', points: 1, units: expect.arrayContaining(['azure-1', 'azure-2', 'azure-3']) })]);
    expect(game.activeSides(ended)).toEqual(['blue']);
    const done = act(game, ended, { type: 'allocate', side: 'blue', loss: ended.losses[0].id, units: ['azure-3'] });
    expect(done.units['azure-3'].at).toBe('eliminated');
    expect(game.status(done)).toMatchObject({ step: 'Movement', sides: ['blue'] });
  });

  it('lets the winner advance where it breaks a stacking limit only where its owner eliminates the excess at the next check', () => {
    const thirdAdvance = (excess?: 'owner-eliminates') => {
      const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['crimson-4', 'crimson', '0403'], ['azure-2', 'azure', '0502', true]], (r) => {
        retreatingCombat(r);
        r.roster!['crimson-4'] = { name: '4th Crimson Foot', power: 'crimson', type: 'infantry' };
        if (excess) r.mechanics!.stacking!.excess = excess;
      }));
      // Red's 8 on the 8+ column and a roll of 1 eliminate Blue's reduced Guard (Blue's 5 hits nothing): 0502 is left empty, and two of Red's three may stand there.
      let t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2', 'crimson-4'] }, [1, 5]);
      t = act(game, act(game, t, { type: 'advance', side: 'red', unit: 'crimson-1', to: 'hex:0502' }), { type: 'advance', side: 'red', unit: 'crimson-2', to: 'hex:0502' });
      const advances = game.legalActions(t, 'red').filter((a) => a.type === 'advance');
      return { advances, labels: labelActions(game, t, advances) };
    };
    expect(thirdAdvance().advances).toEqual([]);
    const over = thirdAdvance('owner-eliminates');
    expect(over.advances).toEqual([{ type: 'advance', side: 'red', unit: 'crimson-4', to: 'hex:0502' }]);
    // Offered, as the rules allow it, but never without a word: it may cost a unit.
    expect(over.labels).toEqual(['Advance 4th Crimson Foot 0403 → 0502 (over the stacking limit there: the excess is eliminated when stacking is next checked)']);
  });

  it('lets a side with a retreat to choose retreat its units in the order it likes, settling by itself only those left one place or none', () => {
    const r = arranged([['crimson-1', 'crimson', '0102'], ['crimson-4', 'crimson', '0101'], ['crimson-3', 'crimson', '0203'], ['crimson-2', 'crimson', '0103'], ['crimson-5', 'crimson', '0103'], ['azure-1', 'azure', '0202'], ['azure-2', 'azure', '0202']], (x) => {
      retreating(x);
      x.scenarios!.campaign.reinforcements = [];
      x.roster!['crimson-4'] = { name: '4th Crimson Foot', power: 'crimson', type: 'infantry' };
      x.roster!['crimson-5'] = { name: '5th Crimson Foot', power: 'crimson', type: 'infantry' };
    });
    const { game, s } = atCombat(r);
    // Red 6 (column 5-7, forest: 3-4) rolls 6: no loss; Blue 4 rolls 1: two, on 1st and 4th Crimson Foot. Blue wins.
    const fought = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0202', units: ['crimson-1', 'crimson-4', 'crimson-3'] }, [6, 1]);
    const t = act(game, fought, { type: 'allocate', side: 'red', loss: fought.losses[0].id, units: ['crimson-1', 'crimson-4'] });
    // Blue's zone covers every place around but where a Red land unit stands (0103 is full): 1st may go to 0101 or 0203, 4th only to 0102. Nothing retreats by itself.
    expect(t.aftermath!.retreating.map((x) => x.unit)).toEqual(['crimson-1', 'crimson-4', 'crimson-3']);
    expect(game.legalActions(t, 'red')).toEqual(expect.arrayContaining([
      { type: 'retreat', side: 'red', unit: 'crimson-1', to: 'hex:0101' },
      { type: 'retreat', side: 'red', unit: 'crimson-1', to: 'hex:0203' },
      { type: 'retreat', side: 'red', unit: 'crimson-4', to: 'hex:0102' },
    ]));
    // 4th first, into 0102 beside 1st: 1st is left only 0203 (0101, now empty, lies in Blue's zone) and goes there by itself; 3rd may then go to 0102 or 0303.
    const u = act(game, t, { type: 'retreat', side: 'red', unit: 'crimson-4', to: 'hex:0102' });
    expect(u.units['crimson-1'].at).toBe('hex:0203');
    expect(eventsOf(lastEvents(u), 'move').map((e) => e.text)).toEqual(['4th Crimson Foot retreats from hex 0101 (Crimson City) to hex 0102', '1st Crimson Foot retreats from hex 0102 to hex 0203 (the only place open)']);
    expect(game.legalActions(u, 'red').map((a) => a.type === 'retreat' && `${a.unit} ${a.to}`).sort()).toEqual(['crimson-3 hex:0102', 'crimson-3 hex:0303']);
  });

  it('lets the loser retreat into a location of hostile units it displaces, which leave it', () => {
    const spots: Spot[] = [['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['azure-2', 'azure', '0502'], ['crimson-fleet', 'crimson', '0603']];
    const retreats = (displaces: boolean) => {
      const { game, s } = atCombat(arranged(spots, (r) => {
        retreating(r);
        if (displaces) r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byUnitsOf: ['land'], toMedia: ['sea', 'coastal'] }];
      }));
      const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] }, [3, 5]);
      return { game, t, to: game.legalActions(t, 'blue').map((a) => a.type === 'retreat' && a.to).sort() };
    };
    // The Crimson fleet in Azure Port (0603) keeps Blue's infantry out, unless a land unit displaces fleets:
    // then it has two places to choose from rather than one it goes to at once.
    expect(retreats(false).t.units['azure-2'].at).toBe('hex:0503');
    const { game, t, to } = retreats(true);
    expect(to).toEqual(['hex:0503', 'hex:0603']);
    const back = act(game, t, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0603' });
    expect([back.units['azure-2'].at, back.units['crimson-fleet'].at]).toEqual(['hex:0603', 'hex:0604']);
  });

  it('eliminates a unit with nowhere to retreat, and a hostile zone is open where a friendly land unit stands', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601']], retreating));
    // 0601 lies beside 0501 and 0602 only, both red's.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] }, [3, 5]);
    expect(t.units['azure-2'].at).toBe('eliminated');
    expect(eventsOf(lastEvents(t), 'loss').map((e) => e.text)).toEqual(['2nd Azure Guard loses a step', '2nd Azure Guard cannot retreat from hex 0601 (Azure City) and is eliminated: not to hex 0501, as 1st Crimson Foot stands there; not to hex 0602, as 2nd Crimson Horse stands there']);
    expect(game.legalActions(t, 'red').map((a) => a.type === 'advance' && a.unit)).toEqual(['crimson-1', 'crimson-2', false]);

    const { game: g2, s: s2 } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['azure-2', 'azure', '0502'], ['azure-1', 'azure', '0403']], retreating));
    const t2 = withDice(g2, s2, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] }, [3, 5]);
    expect(g2.legalActions(t2, 'blue').map((a) => a.type === 'retreat' && a.to).sort()).toEqual(['hex:0403', 'hex:0503', 'hex:0603']);

    // With Slate's militia (on no side: hostile to every other camp) in 0602, whose zone covers 0603, only 0503 is open: no choice to make.
    const { game: g3, s: s3 } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['slate-militia', 'slate', '0602'], ['azure-2', 'azure', '0502']], retreating));
    const t3 = withDice(g3, s3, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] }, [3, 5]);
    expect(t3.units['azure-2'].at).toBe('hex:0503');
    expect(eventsOf(lastEvents(t3), 'move')[0].text).toBe('2nd Azure Guard retreats from hex 0502 (Azure Town) to hex 0503 (the only place open)');
    expect(g3.activeSides(t3)).toEqual(['red']);
  });

  it('opens a hex to the advance when the battle\'s losses emptied it', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0403'], ['crimson-2', 'crimson', '0502'], ['azure-1', 'azure', '0503']], retreating));
    // Red 6 shifted one column for the hills → column 3-4; roll 1 → 2 points: azure-1 loses both steps. Blue rolls 3 → none.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0503', units: ['crimson-1', 'crimson-2'] }, [1, 3]);
    expect(t.units['azure-1'].at).toBe('eliminated');
    expect(game.legalActions(t, 'red')).toEqual([
      { type: 'advance', side: 'red', unit: 'crimson-1', to: 'hex:0503' },
      { type: 'advance', side: 'red', unit: 'crimson-2', to: 'hex:0503' },
      { type: 'endAdvance', side: 'red' },
    ]);
  });

  it('waits for the losses to be allocated before the retreat, and lets a winning defender advance', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0402'], ['azure-2', 'azure', '0502'], ['azure-1', 'azure', '0502']], retreating));
    // Red: 6, column 5-7; roll 5 → 1 point. Blue: 4, column 3-4; roll 1 → 2 points. Blue wins with fewer losses.
    const t = withDice(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] }, [5, 1]);
    expect(eventsOf(lastEvents(t), 'battle')[0]).toMatchObject({ winner: 'blue' });
    // Red's 2 points and Blue's 1 each fall on one of two units: Blue chooses first, as the losses came.
    expect(t.losses.map((l) => l.side)).toEqual(['blue', 'red']);
    expect(game.status(t).waiting).toBe('Blue to allocate 1 loss point, and Red to allocate 2 loss points; then the loser of the battle retreats');
    expect(t.aftermath).toMatchObject({ stage: 'retreat', winner: 'blue' });
    // Steps on one unit are counted in its label, with what they do to it.
    expect(labelActions(game, t, [{ type: 'allocate', side: 'red', loss: t.losses[1].id, units: ['crimson-1', 'crimson-1'] }, { type: 'allocate', side: 'red', loss: t.losses[1].id, units: ['crimson-1', 'crimson-2'] }])).toEqual([
      'Take losses on 1st Crimson Foot (2 steps: eliminated)',
      'Take losses on 1st Crimson Foot, 2nd Crimson Horse',
    ]);
    let u = act(game, t, { type: 'allocate', side: 'blue', loss: t.losses[0].id, units: ['azure-1'] });
    u = act(game, u, { type: 'allocate', side: 'red', loss: u.losses[0].id, units: ['crimson-1', 'crimson-2'] });
    // Each red unit, now reduced, falls back from where it attacked: out of Blue's zone (0403, 0503, 0602, 0603),
    // unless the other red unit stands there (0402 for crimson-1).
    expect(game.activeSides(u)).toEqual(['red']);
    const places = (unit: string) => game.legalActions(u, 'red').flatMap((a) => (a.type === 'retreat' && a.unit === unit ? [a.to] : [])).sort();
    expect(places('crimson-1')).toEqual(['hex:0401', 'hex:0402', 'hex:0601']);
    u = act(game, u, { type: 'retreat', side: 'red', unit: 'crimson-1', to: 'hex:0401' });
    expect(places('crimson-2')).toEqual(['hex:0301', 'hex:0302', 'hex:0401']);
    u = act(game, u, { type: 'retreat', side: 'red', unit: 'crimson-2', to: 'hex:0301' });
    // Blue's units fought in 0502, beside both hexes Red left.
    expect(game.activeSides(u)).toEqual(['blue']);
    expect(game.legalActions(u, 'blue').filter((a) => a.type === 'advance').map((a) => a.type === 'advance' && a.to).sort()).toEqual(['hex:0402', 'hex:0402', 'hex:0501', 'hex:0501']);
    const settled = act(game, u, { type: 'manual', op: { op: 'clearAftermath' }, note: 'no advance this time' });
    expect(settled.aftermath).toBeUndefined();
    expect(game.activeSides(settled)).toEqual(['red']);
  });
});


describe('interception', () => {
  const intercepted = () =>
    atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0501'], ['azure-2', 'azure', '0601'], ['azure-1', 'azure', '0602']], (r) => {
      Object.assign(r.mechanics!.combat!.land, { interception: { classes: ['land'], table: 'fire', attackersHalved: true, lossUnit: 'step', source: { kind: 'rulebook', rule: '4.9' } } });
    }));
  const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] };

  it('lets the defending side send the units whose zone covers the target against the attackers first, the attackers at half strength; the survivors fight the battle', () => {
    const { game, s } = intercepted();
    const declared = act(game, s, attack);
    // azure-1 beside the target may intercept; azure-2 defends it.
    expect(declared.defense).toMatchObject({ by: 'blue', candidates: ['azure-1'], intercept: true, cite: { pointer: '/mechanics/combat/land/interception', rule: '4.9' } });
    const choices = game.legalActions(declared, 'blue');
    expect(choices).toEqual([{ type: 'defend', side: 'blue', units: [] }, { type: 'defend', side: 'blue', units: ['azure-1'] }]);
    expect(labelActions(game, declared, choices)).toEqual(['No interception of the attack on 0601', 'Intercept the attack on 0601 with 1st Azure Guard']);
    // Red 6 halved → 3 (column 3-4), roll 1 → 2: azure-1 eliminated. Blue 2 (column 1-2), roll 1 → 1 point, on a red unit Red chooses:
    // the battle waits for the choice.
    const halted = withDice(game, declared, { type: 'defend', side: 'blue', units: ['azure-1'] }, [1, 1]);
    expect(eventsOf(lastEvents(halted), 'lookup').map((l) => [l.row, l.column, l.result])).toEqual([['1', '3-4', 2], ['1', '1-2', 1]]);
    expect(eventsOf(lastEvents(halted), 'battle')).toEqual([]);
    expect(halted.losses).toEqual([expect.objectContaining({ side: 'red', points: 1, units: ['crimson-1', 'crimson-2'] })]);
    expect(game.activeSides(halted)).toEqual(['red']);
    // Red reduces crimson-2 rather than crimson-1, its 4 to 2: 2 + 2 = 4 (column 3-4) rolls 3 → 1 on azure-2; Blue 2 rolls 5 → 0.
    const t = withDice(game, halted, { type: 'allocate', side: 'red', loss: halted.losses[0].id, units: ['crimson-2'] }, [3, 5]);
    expect(t.units['crimson-2'].stepsLost).toBe(1);
    expect(t.battle).toBeUndefined();
    const events = lastEvents(t);
    expect(eventsOf(events, 'lookup').map((l) => [l.row, l.column, l.result])).toEqual([['3', '3-4', 1], ['5', '1-2', 0]]);
    expect(eventsOf(events, 'battle')[0]).toMatchObject({ attacker: { strength: 4, lossPoints: 0 }, winner: 'red' });
    expect(eventsOf(lastEvents(halted), 'support-battle')[0].text).toBe('Interception at hex 0601 (Azure City): Red 3 against Blue 2; loss points inflicted by Red 2, by Blue 1');
    expect(eventsOf(lastEvents(halted), 'effect').map((e) => e.text)).toEqual(['The battle at hex 0601 (Azure City) is fought on once these losses are allocated']);
    expect(t.units['azure-1'].at).toBe('eliminated');
    expect(t.units['crimson-1'].stepsLost).toBe(0);
    expect(t.step.attackers).toContain('azure-1');
  });

  it('fights the battle at once when the defender sends no interceptor, and refuses one that may not intercept', () => {
    const { game, s } = intercepted();
    const declared = act(game, s, attack);
    expect(refusal(game, declared, { type: 'defend', side: 'blue', units: ['azure-2'] })).toMatchObject({ code: 'not-a-supporter', message: '2nd Azure Guard may not take part in the interception of the attack on hex 0601 (Azure City): only 1st Azure Guard may (an interceptor is a ready land unit with hex 0601 (Azure City) in its zone, in no battle yet this step)' });
    const t = withDice(game, declared, { type: 'defend', side: 'blue', units: [] }, [3, 5]);
    expect(eventsOf(lastEvents(t), 'battle')[0].attacker).toMatchObject({ strength: 6 });
    expect(eventsOf(lastEvents(t), 'support-battle')).toEqual([]);
  });
});

describe('units assigned to a target', () => {
  it('of the attackers\' classes defend it too where the model lists their class as support: the defender assigns them, and they fight', () => {
    const r = arranged([['crimson-1', 'crimson', '0101'], ['crimson-wing', 'crimson', '0201'], ['azure-wing', 'azure', '0401'], ['azure-wing-2', 'azure', '0601']], (x) => {
      x.unitTypes!.wing = { name: 'Wing', class: 'air', kind: 'wing', factors: { attack: 2 }, range: 2, steps: 2, source: { kind: 'rulebook', rule: '2.4' } };
      x.roster!['crimson-wing'] = { name: 'Crimson Wing', power: 'crimson', type: 'wing' };
      x.roster!['azure-wing'] = { name: 'Azure Wing', power: 'azure', type: 'wing' };
      x.roster!['azure-wing-2'] = { name: 'Azure Second Wing', power: 'azure', type: 'wing' };
      x.mechanics!.zoc!.classes.air = { reach: 'range' };
      x.mechanics!.combat!['air-duel'] = { model: 'fire-table', table: 'fire', factor: 'attack', reach: 'zone', attackers: ['air'], defenders: ['air'], support: { classes: ['air'] }, exhausts: ['air'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll' };
      x.sequence!.phases[1].steps![1].combats = ['air-duel'];
    });
    const { game, s } = atCombat(r);
    // The second wing in 0601 reaches 0401, two hexes off: Blue may assign it to the wing attacked there.
    const t = act(game, s, { type: 'attack', side: 'red', combat: 'air-duel', target: 'hex:0401', units: ['crimson-wing'] });
    expect(t.defense).toMatchObject({ by: 'blue', candidates: ['azure-wing-2'] });
    expect(game.legalActions(t, 'blue')).toEqual([{ type: 'defend', side: 'blue', units: [] }, { type: 'defend', side: 'blue', units: ['azure-wing-2'] }]);
    // Red's 2 rolls 1, Blue's 2 + 2 rolls 3: a point each, Blue wins on the higher roll; the loss may fall on either Blue wing, and both are exhausted.
    const fought = withDice(game, t, { type: 'defend', side: 'blue', units: ['azure-wing-2'] }, [1, 3]);
    expect(eventsOf(lastEvents(fought), 'battle')[0].text).toBe('Battle at hex 0401: Red 2 against Blue 4; loss points inflicted by Red 1, by Blue 1; losses counted: Red 1, Blue 1; the winner: Blue, on the higher roll (3 against 1)');
    expect(fought.losses).toEqual([expect.objectContaining({ side: 'blue', points: 1, units: ['azure-wing', 'azure-wing-2'] })]);
    expect(fought.units['azure-wing-2'].exhausted).toBe(true);
  });
});

describe('units at the target that intercept', () => {
  // Land combat against the fort alone, which the land units standing with it must first defend (as air units shield fleets from an air strike).
  const shielded = () =>
    atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0501'], ['azure-2', 'azure', '0601'], ['azure-fort', 'azure', '0601']], (r) => {
      Object.assign(r.mechanics!.combat!.land, { defenders: ['fortification'], interception: { classes: ['land'], table: 'fire', at: 'target', onlyIfWon: true, lossUnit: 'step' } });
    }));
  const attack: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] };

  it('are fought first, with no choice; the attackers that win go on to the battle', () => {
    const { game, s } = shielded();
    // Red 6 (column 5-7) rolls 1 → 2: azure-2 eliminated; Blue 2 (column 1-2) rolls 2 → 1, which Red puts on crimson-1. Red wins;
    // 1 + 4 = 5 rolls 3 → 1 on the fort, which has no attack factor to fire back.
    const halted = withDice(game, s, attack, [1, 2]);
    expect(eventsOf(lastEvents(halted), 'lookup').map((l) => [l.row, l.column, l.result])).toEqual([['1', '5-7', 2], ['2', '1-2', 1]]);
    const t = withDice(game, halted, { type: 'allocate', side: 'red', loss: halted.losses[0].id, units: ['crimson-1'] }, [3]);
    expect(t.defense).toBeUndefined();
    expect(eventsOf(lastEvents(t), 'lookup').map((l) => [l.row, l.column, l.result])).toEqual([['3', '5-7', 1], ['', '', 0]]);
    expect(t.units['azure-2'].at).toBe('eliminated');
    expect(t.units['azure-fort'].at).toBe('eliminated');
  });

  it('fight with those the defender assigns to the target, where the model lets it', () => {
    const { game, s } = atCombat(arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0501'], ['azure-2', 'azure', '0601'], ['azure-fort', 'azure', '0601'], ['azure-1', 'azure', '0602']], (r) => {
      Object.assign(r.mechanics!.combat!.land, { defenders: ['fortification'], interception: { classes: ['land'], table: 'fire', at: 'target', assigned: true, onlyIfWon: true, lossUnit: 'step' } });
    }));
    // The Guard in 0602 reaches 0601: Blue may assign it; the one there fights in any case.
    const t = act(game, s, attack);
    expect(t.defense).toMatchObject({ by: 'blue', candidates: ['azure-1'], intercept: true });
    // Red 6 (column 5-7) rolls 5 → 1; Blue 2 + 2 (column 3-4) rolls 1 → 2: Blue wins the interception, and no battle follows.
    const fought = withDice(game, t, { type: 'defend', side: 'blue', units: ['azure-1'] }, [5, 1]);
    expect(eventsOf(lastEvents(fought), 'lookup').map((l) => [l.row, l.column, l.result])).toEqual([['5', '5-7', 1], ['1', '3-4', 2]]);
    expect(eventsOf(lastEvents(fought), 'battle')).toEqual([]);
  });

  it('count in the odds of an attack, with their losses; an attack they stop is one nobody wins', () => {
    const { game, s } = shielded();
    const odds = attackOdds(game, s, attack as Extract<Action, { type: 'attack' }>, 200);
    if (!odds.ok) throw new Error(odds.reason);
    const won = (odds.odds.wins.red ?? 0) + (odds.odds.wins.blue ?? 0);
    // Some runs end at the interception, the fort never attacked: won by no side.
    expect(won).toBeLessThan(200);
    expect(won).toBeGreaterThan(0);
    // Red takes loss points only from the interceptors: the fort fires nothing back.
    expect(odds.odds.lossPoints.red).toBeGreaterThan(0);
  });

  it('stop the attack when the attackers do not win against them', () => {
    const { game, s } = shielded();
    // Red rolls 6 → 0; Blue rolls 1 → 1: Blue wins, and no battle follows.
    const t = withDice(game, s, attack, [6, 1]);
    const events = lastEvents(t);
    expect(eventsOf(events, 'battle')).toEqual([]);
    expect(eventsOf(events, 'effect').map((e) => e.text)).toEqual(['The attackers did not win the interception: no attack on hex 0601 (Azure City)']);
    expect(t.units['azure-fort'].at).toBe('hex:0601');
  });
});

describe('frozen units', () => {
  it("neither attack nor join an attack while their power's status freezes them", () => {
    const r = arranged([['crimson-1', 'crimson', '0501'], ['azure-2', 'azure', '0601']], (x) => {
      x.statuses!.neutral.frozen = true;
      x.powers!.azure.status = 'neutral';
    });
    const game = newGame(r, 1, { manualDice: true });
    const s = playTo(game, game.initial, 'combat-step', 'blue');
    expect(game.legalActions(s, 'blue').filter((a) => a.type === 'attack')).toEqual([]);
    expect(refusal(game, s, { type: 'attack', side: 'blue', combat: 'land', target: 'hex:0501', units: ['azure-2'] })).toMatchObject({ code: 'frozen', message: "2nd Azure Guard does not attack: Azure's status is neutral", cite: { pointer: '/statuses/neutral' } });
    const atWar = act(game, s, { type: 'manual', op: { op: 'setStatus', power: 'azure', status: 'at-war' } });
    expect(game.legalActions(atWar, 'blue').filter((a) => a.type === 'attack')).toEqual([expect.objectContaining({ target: 'hex:0501', units: ['azure-2'] })]);
  });
});

describe('powers kept apart', () => {
  it("lists one attack per power kept apart and one for the others, and refuses a mixed attack, naming the rule", () => {
    // Ridge's Red side has one power: a second, Scarlet, fights beside Crimson here.
    const r = arranged([['crimson-1', 'crimson', '0501'], ['crimson-2', 'scarlet', '0602'], ['azure-2', 'azure', '0601']], (x) => {
      x.powers!.scarlet = { ...x.powers!.crimson, name: 'Scarlet', countries: [] };
      delete x.powers!.scarlet.capital;
      Object.assign(x.mechanics!.combat!.land, { apart: { powers: ['scarlet'], source: { kind: 'rulebook', rule: '9.6' } } });
    });
    const game = newGame(r, 1, { manualDice: true });
    const s = playTo(game, game.initial, 'combat-step', 'red');
    const attacks = game.legalActions(s, 'red').filter((a) => a.type === 'attack');
    expect(attacks.map((a) => (a.type === 'attack' ? a.units : []))).toEqual([['crimson-1'], ['crimson-2']]);
    expect(refusal(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] })).toMatchObject({
      code: 'apart', message: "Scarlet units attack only alongside their own power's", cite: { pointer: '/mechanics/combat/land/apart', rule: '9.6' },
    });
  });
});

describe('attack odds', () => {
  const spots: Spot[] = [['crimson-1', 'crimson', '0501'], ['crimson-2', 'crimson', '0602'], ['azure-2', 'azure', '0601'], ['azure-fort', 'azure', '0601']];
  const attack: Extract<Action, { type: 'attack' }> = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] };

  it('agree with the battle fought on every pair of dice, and leave the position as it was', () => {
    const { game, s } = atCombat(arranged(spots));
    // Exactly: each of the 36 pairs of rolls, entered by hand.
    const wins: Record<string, number> = {};
    const taken: Record<string, number> = {};
    for (let a = 1; a <= 6; a++) {
      for (let d = 1; d <= 6; d++) {
        const [battle] = eventsOf(lastEvents(withDice(game, s, attack, [a, d])), 'battle');
        if (battle.winner) wins[battle.winner] = (wins[battle.winner] ?? 0) + 1 / 36;
        taken.red = (taken.red ?? 0) + battle.attacker.lossPoints! / 36;
        taken.blue = (taken.blue ?? 0) + battle.defender.lossPoints! / 36;
      }
    }
    const hash = game.hash(s);
    const result = attackOdds(game, s, attack, 4000);
    if (!result.ok) throw new Error(result.reason);
    const { odds } = result;
    expect(odds.runs).toBe(4000);
    for (const side of ['red', 'blue']) {
      expect(Math.abs((odds.wins[side] ?? 0) / odds.runs - (wins[side] ?? 0))).toBeLessThan(0.03);
      expect(Math.abs(odds.lossPoints[side] - taken[side])).toBeLessThan(0.06);
    }
    expect(attackOdds(game, s, attack, 4000)).toEqual(result);
    expect(game.hash(s)).toBe(hash);
  });

  it('has none for an attack that is refused or would ask the tester', () => {
    const { game, s } = atCombat(arranged(spots));
    expect(attackOdds(game, s, { ...attack, units: ['azure-2'] }, 10)).toMatchObject({ ok: false, reason: expect.stringContaining('(not-yours)') });
    const gap = atCombat(arranged(spots, (r) => void ((r.tables!.fire.cells as Record<string, Record<string, unknown>>)['1']['5-7'] = { gap: 'not in the text' })));
    expect(attackOdds(gap.game, gap.s, attack, 10)).toMatchObject({ ok: false, reason: expect.stringMatching(/^the battle asks the tester: /) });
  });
});
