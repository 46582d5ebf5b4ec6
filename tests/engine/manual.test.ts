import { describe, expect, it } from 'vitest';
import type { Action, ManualOp } from '@/engine/game';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, refusal } from './play';

const begin = () => {
  const game = newGame(fixture('ridge'));
  return { game, s: act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }) };
};

describe('manual adjudication', () => {
  it('logs each free-form action as manual, with what it did', () => {
    const { game, s } = begin();
    const ops: [ManualOp, string][] = [
      [{ op: 'moveUnit', unit: 'crimson-1', to: 'hex:0202' }, 'Tester: 1st Crimson Foot is moved from hex 0101 (Crimson City) to hex 0202'],
      // Anywhere, but the log says where the rules would not let it go.
      [{ op: 'moveUnit', unit: 'crimson-fleet', to: 'hex:0203' }, 'Tester: Crimson Squadron is moved from hex 0104 to hex 0203 (where the rules would not let it go: naval units may not enter clear terrain)'],
      [{ op: 'setSteps', unit: 'crimson-2', lost: 0 }, 'Tester: 2nd Crimson Horse has 2 of 2 steps left'],
      [{ op: 'adjustResource', power: 'azure', resource: 'pp', by: -2 }, "Tester: Azure's pp: 3 → 1"],
      [{ op: 'setTrack', track: 'tension', value: 4 }, 'Tester: track Tension set to 4'],
      [{ op: 'setFlag', flag: 'pass-taken', value: true }, 'Tester: flag Pass taken set'],
      [{ op: 'setStatus', power: 'slate', status: 'at-war' }, "Tester: Slate's status is now at war"],
      [{ op: 'setSide', power: 'slate', side: 'red' }, 'Tester: Slate joins Red'],
      [{ op: 'setRelation', between: ['azure', 'crimson'], state: 'peace' }, 'Tester: Azure and Crimson: peace'],
      [{ op: 'dieResult', value: 5, purpose: 'weather' }, 'Tester: die result entered for: weather'],
      [{ op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0102' }, 'Tester: Infantry #5 (Crimson) added at hex 0102'],
    ];
    let t = s;
    for (const [op, text] of ops) {
      t = act(game, t, { type: 'manual', op });
      const entry = t.log[t.log.length - 1];
      expect(entry.manual).toBe(true);
      expect(entry.events.at(-1)).toMatchObject({ kind: 'adjudication', op: op.op, manual: true, text });
    }
    expect(t.units['crimson-1'].at).toBe('hex:0202');
    expect(t.tracks.tension).toBe(4);
    expect(t.powers.slate).toEqual({ side: 'red', status: 'at-war' });
    expect(t.relations['azure|crimson']).toBe('peace');
    expect(eventsOf(t.log[t.log.length - 2].events, 'roll')[0]).toMatchObject({ total: 5, byTester: true, manual: true, text: 'weather: the tester rolled 5' });
  });

  it('numbers the units a power has of one name, in roster order, where it names them', () => {
    const r = fixture('ridge');
    r.roster!['crimson-1'].name = 'Fort (unnamed)';
    r.roster!['crimson-2'].name = 'Fort (unnamed)';
    const game = newGame(r);
    const t = act(game, game.initial, { type: 'manual', op: { op: 'setSteps', unit: 'crimson-2', lost: 0 } });
    expect(t.log.at(-1)!.events.at(-1)).toMatchObject({ text: 'Tester: Fort (unnamed) #2 (Crimson) has 2 of 2 steps left' });
  });

  it("names an owner whose name ends in s as English does: the Marches' status, not the Marches's", () => {
    const r = fixture('ridge');
    r.powers!.slate.name = 'The Marches';
    const game = newGame(r);
    const t = act(game, game.initial, { type: 'manual', op: { op: 'setStatus', power: 'slate', status: 'at-war' } });
    expect(t.log.at(-1)!.events.at(-1)).toMatchObject({ text: "Tester: The Marches' status is now at war" });
  });

  it('rolls the seeded dice for an adjudication and explains the roll', () => {
    const { game, s } = begin();
    const t = act(game, s, { type: 'manual', op: { op: 'roll', dice: 2, sides: 6, purpose: 'storm at sea' }, note: 'rule 12.3' });
    const [roll] = eventsOf(lastEvents(t), 'roll');
    expect(roll).toMatchObject({ dice: 2, sides: 6, purpose: 'storm at sea' });
    expect(roll.values).toHaveLength(2);
    expect(lastEvents(t).at(-1)!.text).toBe('Tester: dice rolled for: storm at sea — rule 12.3');
  });

  it('puts a unit aboard a carrier, as a rulebook example sets up a naval air unit on its fleet, and refuses a unit that carries none', () => {
    const r = fixture('ridge');
    r.unitTypes!.fleet.capacity = 1;
    const game = newGame(r);
    const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    const aboard = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-1', to: 'carried:crimson-fleet' } });
    expect(aboard.units['crimson-1'].at).toBe('carried:crimson-fleet');
    expect(lastEvents(aboard).at(-1)!.text).toBe('Tester: 1st Crimson Foot is moved from hex 0101 (Crimson City) to aboard Crimson Squadron');
    // A second passenger goes too, the tester adjudicating, and the log says the carrier was full.
    expect(lastEvents(act(game, aboard, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-2', to: 'carried:crimson-fleet' } })).at(-1)!.text).toMatch(/\(where the rules would not let it go: Crimson Squadron is full\)$/);
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-2', to: 'carried:crimson-1' } })).toMatchObject({ code: 'not-carrier', message: '1st Crimson Foot carries no units' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-fleet', to: 'carried:crimson-fleet' } }).code).toBe('not-carrier');
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-2', to: 'carried:nobody' } }).code).toBe('unknown-id');
  });

  it('refuses what names nothing in the ruleset, and what would mix hostile units in a hex', () => {
    const { game, s } = begin();
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'nobody', to: 'hex:0101' } })).toMatchObject({ code: 'unknown-id', cite: { pointer: '/roster' } });
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-1', to: 'hex:9999' } }).code).toBe('unknown-id');
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-1', to: 'hex:0501' } }).code).toBe('hostile-units');
    // Nothing to log: a move to where the unit stands, a roll for nothing said.
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-1', to: 'hex:0101' } })).toMatchObject({ code: 'already-there', message: '1st Crimson Foot is already at hex 0101 (Crimson City)' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'dieResult', value: 4, purpose: ' ' } })).toMatchObject({ code: 'no-purpose', message: 'say what the roll is for' });
    // The ruleset rolls d6: a die entered by hand shows one of its faces.
    for (const value of [0, -3, 2.5, 7, 99]) expect(refusal(game, s, { type: 'manual', op: { op: 'dieResult', value, purpose: 'weather' } })).toMatchObject({ code: 'bad-number', message: 'a die of 6 sides shows 1 to 6' });
    // A die of another kind, where the rules leave the tester one.
    expect(act(game, s, { type: 'manual', op: { op: 'dieResult', value: 9, purpose: 'weather', sides: 10 } }).log.at(-1)!.manual).toBe(true);
    expect(refusal(game, s, { type: 'manual', op: { op: 'setControl', location: 'hex:0101', to: 'green' } }).code).toBe('unknown-id');
    // An op from the network may name no location at all, or not as a string.
    for (const location of ['', undefined, 5]) expect(refusal(game, s, { type: 'manual', op: { op: 'setControl', location, to: 'red' } as never })).toMatchObject({ code: 'unknown-location', message: 'name a location: a hex, area or box, or pool, eliminated or removed' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-1', to: '' } }).code).toBe('unknown-location');
    // Values of the wrong kind, which would be logged as given.
    expect(refusal(game, s, { type: 'manual', op: { op: 'setFlag', flag: 'pass-taken', value: 'yes' } as never })).toMatchObject({ code: 'bad-value', message: 'a flag is set (true) or cleared (false)' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'endGame', text: ' ' } })).toMatchObject({ code: 'bad-value', message: 'say how the game ends' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'setRelation', state: 'war' } as never })).toMatchObject({ code: 'bad-value', message: 'name the two sides or powers the relation is between' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-1', to: 'hex:0102' }, note: 5 } as never)).toMatchObject({ code: 'bad-action', message: 'action "manual" lacks a valid "note"' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'setSteps', unit: 'crimson-1', lost: 3 } })).toMatchObject({ code: 'bad-steps', message: 'steps lost are a whole number from 0 to 2: 1st Crimson Foot has 2 steps', cite: { pointer: '/unitTypes/infantry/steps' } });
    expect(refusal(game, s, { type: 'manual', op: { op: 'moveUnit', to: 'hex:0102' } as never })).toMatchObject({ code: 'unknown-id', message: 'name a unit in play' });
    // Nor past a million either way: 1e308 is a whole number, which the log would show as 1e+308.
    expect(refusal(game, s, { type: 'manual', op: { op: 'adjustResource', power: 'crimson', resource: 'pp', by: 1e308 } })).toMatchObject({ code: 'bad-number', message: 'adjust by a whole number from -1,000,000 to 1,000,000, not 1e+308' });
    // Nor a part of a point, nor below nothing; a track within its range only (the log would say another value than the one typed).
    expect(refusal(game, s, { type: 'manual', op: { op: 'adjustResource', power: 'crimson', resource: 'pp', by: 2.5 } }).code).toBe('bad-number');
    expect(refusal(game, s, { type: 'manual', op: { op: 'adjustResource', power: 'azure', resource: 'pp', by: -1000 } })).toMatchObject({ code: 'bad-number', message: "Azure's pp would be -997: a stock is never below 0 (it has 3)" });
    for (const value of [9, -99]) expect(refusal(game, s, { type: 'manual', op: { op: 'setTrack', track: 'tension', value } })).toMatchObject({ code: 'bad-number', message: 'track Tension runs from 0 to 5' });
    // An adjudication the engine does not know is refused, not logged as done.
    expect(refusal(game, s, { type: 'manual', op: { op: 'addUnits', power: 'crimson' } } as unknown as Action)).toMatchObject({ code: 'unknown-op', message: 'unknown adjudication "addUnits": nothing was changed' });
    expect(refusal(game, s, { type: 'manual', op: { op: 'resolveTask', task: 'task-9' } }).code).toBe('unknown-task');
    expect(refusal(game, s, { type: 'move' } as never)).toMatchObject({ code: 'bad-action', message: 'action "move" lacks a valid "side"' });
    expect(refusal(game, s, { type: 'fly', side: 'red' } as never)).toMatchObject({ code: 'bad-action', message: '"fly" is not a type of action' });
  });

  it('lets the tester end the game with a result', () => {
    const { game, s } = begin();
    const t = act(game, s, { type: 'manual', op: { op: 'endGame', text: 'Red concedes', side: 'blue' } });
    expect(t.over).toMatchObject({ text: 'Red concedes', level: { side: 'blue' } });
    // Who won is said wherever the result is: the log's entry, its game-over event, the status; not twice where the words name it.
    expect(lastEvents(t).map((e) => e.text)).toEqual(['Game over on turn 1: Red concedes (won by Blue)', 'Tester: the tester ends the game: Red concedes (won by Blue)']);
    expect(game.status(t).over?.words).toBe('Red concedes (won by Blue)');
    expect(refusal(game, t, { type: 'endStep', side: 'red' }).message).toBe('the game is over: Red concedes (won by Blue)');
    const named = act(game, s, { type: 'manual', op: { op: 'endGame', text: 'Blue wins on points', side: 'blue' } });
    expect(game.status(named).over?.words).toBe('Blue wins on points');
  });

  it('asks for a die by hand when the ruleset declares no dice', () => {
    const r = fixture('ridge');
    delete r.dice;
    const game = newGame(r);
    const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    const asked = game.applyAction(s, { type: 'manual', op: { op: 'setControl', location: 'hex:0303', to: 'crimson' } });
    // The trigger's own roll names its dice (1d6); only rolls on the ruleset's dice would be unknown.
    expect(asked.ok && asked.question).toBeUndefined();
    const battle = fixture('ridge');
    delete battle.dice;
    battle.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0501' } }, { power: 'azure', unit: 'azure-2', location: { hex: '0502' } }];
    const g = newGame(battle);
    const t = playTo(g, g.initial, 'combat-step', 'red');
    const roll = g.applyAction(t, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1'] });
    expect(roll.ok && roll.question).toMatchObject({ key: 'roll:0', text: 'Red fire at hex 0502 (Azure Town): roll a die (the ruleset declares no dice) and enter the result' });
    expect(roll.ok && roll.question?.choices).toBeUndefined();
  });

  it('asks for several dice one at a time, saying which die and what the others came to', () => {
    const r = fixture('ridge');
    r.dice = { count: 2, sides: 6 };
    r.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0501' } }, { power: 'azure', unit: 'azure-2', location: { hex: '0502' } }];
    const game = newGame(r, 1, { manualDice: true });
    const t = playTo(game, game.initial, 'combat-step', 'red');
    const first = game.applyAction(t, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1'] });
    expect(first.ok && first.question?.text).toBe('Red fire at hex 0502 (Azure Town): roll 1d6 (die 1 of 2, added together) and enter the result');
    const second = first.ok ? game.applyAction(first.state, { type: 'answer', key: first.question!.key, value: 5 }) : first;
    expect(second.ok && second.question?.text).toBe('Red fire at hex 0502 (Azure Town): roll 1d6 (die 2 of 2, added together; so far 5) and enter the result');
  });
});
