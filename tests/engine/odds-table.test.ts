import { describe, expect, it } from 'vitest';
import type { OddsTableCombat, ResolvedRuleset } from '@/engine/generated/schema-types';
import { attackOdds, type Action } from '@/engine/game';
import { AUTOMATED_COMBAT } from '@/engine/game/combat/models';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, refusal, withDice } from './play';

type Spot = [unit: string, power: string, hex: string];

/**
 * The ridge ruleset fighting its land combat on an odds table, with only the given units on the map.
 * Infantry defends with 2 (reduced 1), armor with 3; forest shifts one column left, hills two.
 */
function oddsRuleset(spots: Spot[], change?: (model: OddsTableCombat, r: ResolvedRuleset) => void): ResolvedRuleset {
  const r = fixture('ridge');
  r.scenarios!.campaign.placements = spots.map(([unit, power, hex]) => ({ power, unit, location: { hex } }));
  r.scenarios!.campaign.reinforcements = [];
  Object.assign(r.unitTypes!.infantry, { factors: { attack: 2, defense: 2 }, reducedFactors: { attack: 1, defense: 1 } });
  Object.assign(r.unitTypes!.armor, { factors: { attack: 4, defense: 3 }, reducedFactors: { attack: 2, defense: 1 } });
  r.tables!.crt = {
    title: 'Combat Results Table',
    rows: { name: 'die roll', kind: 'number', keys: ['1', '2', '3', '4', '5', '6'] },
    columns: { name: 'odds', kind: 'ratio', keys: ['1:2', '1:1', '2:1', '3:1'] },
    offTable: 'clamp',
    cells: {
      '1': { '1:2': 'AR', '1:1': 'DR2', '2:1': 'DE', '3:1': 'DE' },
      '2': { '1:2': 'AE', '1:1': 'EX', '2:1': 'DR2', '3:1': 'DE' },
      '3': { '1:2': 'AE', '1:1': 'AR', '2:1': 'D1', '3:1': 'DR2' },
      '4': { '1:2': 'AE', '1:1': 'AR', '2:1': 'EX', '3:1': 'D1' },
      '5': { '1:2': 'AE', '1:1': 'AE', '2:1': 'AR', '3:1': 'EX' },
      '6': { '1:2': 'AE', '1:1': 'AE', '2:1': 'AR', '3:1': 'AR' },
    },
    results: {
      AE: { meaning: 'attackers eliminated', effects: { attacker: { steps: 'all' } } },
      AR: { meaning: 'attackers retreat one hex', effects: { attacker: { retreat: 1 } } },
      DE: { meaning: 'defenders eliminated', effects: { defender: { steps: 'all' } } },
      DR2: { meaning: 'defenders retreat two hexes', effects: { defender: { retreat: 2 } } },
      D1: { meaning: 'defenders lose a step', effects: { defender: { steps: 1 } } },
      EX: { meaning: 'exchange: the defenders are eliminated, the attackers lose as many factors' },
    },
    source: { kind: 'rulebook', rule: '9' },
  };
  const model: OddsTableCombat = { model: 'odds-table', table: 'crt', attackFactor: 'attack', defenseFactor: 'defense', rounding: 'down-for-attacker', terrainShifts: 'terrain-effects', retreat: { classes: ['land'], advance: true }, source: { kind: 'rulebook', rule: '9' } };
  change?.(model, r);
  r.mechanics!.combat!.land = model;
  return r;
}

const atCombat = (r: ResolvedRuleset) => {
  const game = newGame(r, 1, { manualDice: true });
  return { game, s: playTo(game, game.initial, 'combat-step', 'red') };
};

// Red's 1st Foot (attack 2) in 0301 and 2nd Horse (armor, attack 4) in 0401 beside Blue's 2nd Guard (defence 2) in the forest of 0402.
const FOREST: Spot[] = [['crimson-1', 'crimson', '0301'], ['crimson-2', 'crimson', '0401'], ['azure-2', 'azure', '0402']];
const attack: Extract<Action, { type: 'attack' }> = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0402', units: ['crimson-1', 'crimson-2'] };

describe('odds-table combat', () => {
  it('is one of the combat models the engine fights', () => {
    expect(AUTOMATED_COMBAT).toContain('odds-table');
  });

  it('reminds the tester, as its steps begin, of the results its table gives no effects and of the die-roll modifiers', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST, (m, r) => {
      m.dieModifiers = 'mods';
      r.tables!.mods = { title: 'Die-roll modifiers', rows: { name: 'case', kind: 'label', keys: ['veteran'] }, columns: { name: 'modifier', kind: 'label', keys: ['drm'] }, cells: { veteran: { drm: -1 } }, source: { kind: 'rulebook', rule: '9.2' } };
    }));
    const texts = eventsOf(s.log.flatMap((e) => e.events), 'reminder').map((e) => e.text);
    expect(texts).toContain('Reminder: results "EX" of Combat Results Table have no effects the engine applies: the tester applies them by their meaning when they come up');
    expect(texts).toContain('Reminder: the die-roll modifiers of Die-roll modifiers that apply are totalled by the tester at each battle');
    expect(game.legalActions(s, 'red').some((a) => a.type === 'attack')).toBe(true);
  });

  it('lists an attack on each location holding hostile units with every unit beside it', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST));
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'attack')).toEqual([attack]);
    // A terrain shift that is a gap leaves the attack listed, and is asked as it is made: the listing says nothing waits on it.
    const gap = atCombat(oddsRuleset(FOREST, (_, r) => (r.tables!['terrain-effects'].cells.forest.shift = { gap: 'not printed', rule: '4' })));
    const listing = gap.game.legalListing(gap.s, 'red');
    expect(listing.others).toContainEqual(attack);
    expect(listing.waiting).toBeUndefined();
  });

  it('reads the odds, rounded down for the attacker, shifted left by the terrain, on the roll\'s row, and applies the result: defenders eliminated, then the advance', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST));
    // 6 to 2 is 3:1; the forest shifts it to 2:1; a roll of 1 reads DE.
    const t = withDice(game, s, attack, [1]);
    const [lookup] = eventsOf(lastEvents(t), 'lookup');
    expect(lookup).toMatchObject({ table: 'crt', row: '1', column: '2:1', result: 'DE', shifts: [{ columns: -1 }] });
    expect(lookup.text).toBe('Combat Results Table: odds 6 to 2 → column 3:1; -1 for forest terrain → column 2:1; roll 1 → row 1: DE (defenders eliminated)');
    expect(eventsOf(lastEvents(t), 'battle')[0]).toMatchObject({ result: 'DE', attacker: { strength: 6 }, defender: { strength: 2 } });
    expect(t.units['azure-2'].at).toBe('eliminated');
    // Red may advance into the hex, one unit, then no more.
    expect(game.legalActions(t, 'red')).toEqual(expect.arrayContaining([{ type: 'advance', side: 'red', unit: 'crimson-1', to: 'hex:0402' }, { type: 'endAdvance', side: 'red' }]));
    const advanced = act(game, t, { type: 'advance', side: 'red', unit: 'crimson-2', to: 'hex:0402' });
    expect(advanced.units['crimson-2'].at).toBe('hex:0402');
    expect(advanced.control['hex:0402']).toBe('crimson');
  });

  it('says a battle whose strengths read a factor filled in provisionally does so, as a fire-table battle does', () => {
    const battle = (provisional: boolean) => {
      const { game, s } = atCombat(
        oddsRuleset(FOREST, (_, r) => {
          if (provisional) r.unitTypes!.infantry.factors!.defense = { value: 2, source: { kind: 'provisional', note: 'chosen for testing' } };
        }),
      );
      return eventsOf(lastEvents(withDice(game, s, attack, [1])), 'battle')[0];
    };
    expect(battle(true)).toMatchObject({ provisional: true, text: expect.stringMatching(/; its strengths read provisional values$/) });
    expect(battle(false).provisional).toBeUndefined();
  });

  it('retreats the defenders as many hexes as the result says, each farther from the battle', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST));
    // Roll 2 at 2:1: DR2.
    const t = withDice(game, s, attack, [2]);
    const firstStep = game.legalActions(t, 'blue').filter((a) => a.type === 'retreat').map((a) => a.type === 'retreat' && a.to);
    expect(firstStep.sort()).toEqual(['hex:0302', 'hex:0403', 'hex:0501', 'hex:0502']);
    const once = act(game, t, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0502' });
    // From 0502, only hexes two from 0402: not back beside it (0501, 0403).
    expect(refusal(game, once, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0501' })).toMatchObject({ code: 'retreat-barred', message: expect.stringContaining('each farther from hex 0402') });
    const twice = act(game, once, { type: 'retreat', side: 'blue', unit: 'azure-2', to: 'hex:0602' });
    expect(twice.units['azure-2'].at).toBe('hex:0602');
    expect(eventsOf(lastEvents(twice), 'move')[0].text).toMatch(/retreats from hex 0502 \(Azure Town\) to hex 0602$/);
    // The hex left empty, Red may advance.
    expect(game.legalActions(twice, 'red')).toContainEqual({ type: 'advance', side: 'red', unit: 'crimson-1', to: 'hex:0402' });
  });

  it('retreats the attackers on their result, and the defender does not advance', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST));
    // Roll 5 at 2:1: AR. Each attacker falls back a hex farther from 0402.
    let t = withDice(game, s, attack, [5]);
    for (const unit of ['crimson-1', 'crimson-2']) {
      const to = game.legalActions(t, 'red').find((a) => a.type === 'retreat' && a.unit === unit);
      if (to) t = act(game, t, to);
    }
    expect(t.units['crimson-1'].at).not.toBe('hex:0301');
    expect(t.units['crimson-2'].at).not.toBe('hex:0401');
    expect(t.aftermath).toBeUndefined();
    expect(t.units['azure-2'].at).toBe('hex:0402');
  });

  it('takes a step from the defender, and leaves a result without effects to the tester by its meaning', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST));
    // Roll 3 at 2:1: D1.
    expect(withDice(game, s, attack, [3]).units['azure-2'].stepsLost).toBe(1);
    // Roll 4 at 2:1: EX, which the table explains but gives no effects.
    const ex = withDice(game, s, attack, [4]);
    expect(ex.tasks).toEqual([expect.objectContaining({ text: expect.stringMatching(/^apply result "EX" \(exchange: the defenders are eliminated, the attackers lose as many factors\) of the attack on hex 0402/) })]);
    expect(ex.units['azure-2'].stepsLost).toBe(0);
  });

  it('plays an exchange counted in steps: the attackers lose as many steps as the defenders, their owner choosing', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST, (_, r) => (r.tables!.crt.results!.EX.effects = { defender: { steps: 'all' }, attacker: { steps: 'as-other' } })));
    // Roll 4 at 2:1: EX. The 2nd Guard's two steps are gone; Red allocates two among its units.
    const t = withDice(game, s, attack, [4]);
    expect(t.units['azure-2'].at).toBe('eliminated');
    expect(t.losses).toEqual([expect.objectContaining({ side: 'red', points: 2, units: ['crimson-1', 'crimson-2'] })]);
    const paid = act(game, t, { type: 'allocate', side: 'red', loss: t.losses[0].id, units: ['crimson-1', 'crimson-1'] });
    expect(paid.units['crimson-1'].at).toBe('eliminated');
    expect(paid.units['crimson-2'].stepsLost).toBe(0);
  });

  it('rounds odds below 1:1 in the defender\'s favour, or to the nearest column, as the model says', () => {
    // Blue's 1st and 2nd Guard (defence 2 each) in the clear of 0403 against Red's 1st Foot (2) and 2nd Horse (4).
    const spots: Spot[] = [['crimson-1', 'crimson', '0302'], ['crimson-2', 'crimson', '0303'], ['azure-2', 'azure', '0403'], ['azure-1', 'azure', '0403']];
    const odds = (rounding: OddsTableCombat['rounding'], units: string[]) => {
      const { game, s } = atCombat(oddsRuleset(spots, (m) => (m.rounding = rounding)));
      return eventsOf(lastEvents(withDice(game, s, { ...attack, target: 'hex:0403', units }, [6])), 'lookup')[0].column;
    };
    // 6 to 4 is 1.5: down to 1:1, and nearer 2:1 than 1:1 as ratios go; 2 to 4 is 1:2 either way.
    expect(odds('down-for-attacker', ['crimson-1', 'crimson-2'])).toBe('1:1');
    expect(odds('nearest', ['crimson-1', 'crimson-2'])).toBe('2:1');
    expect(odds('down-for-attacker', ['crimson-1'])).toBe('1:2');
  });

  it('caps the terrain\'s shift where the model says', () => {
    // Hills shift two columns; capped at one, 6 to 2 reads 2:1, not 1:1.
    const spots: Spot[] = [['crimson-1', 'crimson', '0502'], ['crimson-2', 'crimson', '0403'], ['azure-2', 'azure', '0503']];
    const { game, s } = atCombat(oddsRuleset(spots, (m) => (m.maxShift = { value: 1, source: { kind: 'rulebook', rule: '9.1' } })));
    const [lookup] = eventsOf(lastEvents(withDice(game, s, { ...attack, target: 'hex:0503' }, [6])), 'lookup');
    expect(lookup).toMatchObject({ column: '2:1', shifts: [{ columns: -1, reason: 'hills terrain (2, capped at 1)' }] });
  });

  it('asks the tester for the die-roll modifiers that apply, and for the rounding the model does not give', () => {
    const r = oddsRuleset(FOREST, (m, x) => {
      delete m.rounding;
      m.dieModifiers = 'mods';
      x.tables!.mods = { title: 'Die-roll modifiers', rows: { name: 'case', kind: 'label', keys: ['veteran'] }, columns: { name: 'modifier', kind: 'label', keys: ['drm'] }, cells: { veteran: { drm: -1 } }, source: { kind: 'rulebook', rule: '9.2' } };
    });
    const { game, s } = atCombat(r);
    const asked: string[] = [];
    let t = game.applyAction(s, attack);
    for (const value of ['down-for-attacker', -1, 3]) {
      if (!t.ok || !t.question) throw new Error('expected a question');
      asked.push(t.question.text);
      t = game.applyAction(t.state, { type: 'answer', key: t.question.key, value });
    }
    if (!t.ok) throw new Error(t.refusal.message);
    expect(asked[0]).toMatch(/^How are odds rounded to a column/);
    // The modifier is asked before the die is rolled.
    expect(asked[1]).toBe('Die-roll modifier for the attack on hex 0402: the total of "Die-roll modifiers" that applies (0 for none)');
    expect(asked[2]).toMatch(/^Attack on hex 0402 by Red at 6 to 2: roll 1d6/);
    // 3:1 shifted to 2:1; roll 3 - 1 = 2: DR2.
    expect(eventsOf(lastEvents(t.state), 'lookup')[0].text).toBe('Combat Results Table: odds 6 to 2 → column 3:1; -1 for forest terrain → column 2:1; roll 3 - 1 = 2 → row 2: DR2 (defenders retreat two hexes)');
  });

  it('gives an attack\'s odds as how often each result comes up', () => {
    const { game, s } = atCombat(oddsRuleset(FOREST));
    const odds = attackOdds(game, s, attack, 60);
    if (!odds.ok) throw new Error(odds.reason);
    // At 2:1 the die reads DE, DR2, D1, EX, AR, AR.
    expect(Object.keys(odds.odds.results!).sort()).toEqual(['AR', 'D1', 'DE', 'DR2', 'EX']);
    expect(Object.values(odds.odds.results!).reduce((a, b) => a + b, 0)).toBe(60);
    expect(odds.odds.assumed).toBeUndefined();
    // With die-roll modifiers for the tester to total, the runs assume none, and say so.
    const mods = atCombat(oddsRuleset(FOREST, (m, r) => {
      m.dieModifiers = 'mods';
      r.tables!.mods = { title: 'Die-roll modifiers', rows: { name: 'case', kind: 'label', keys: ['veteran'] }, columns: { name: 'modifier', kind: 'label', keys: ['drm'] }, cells: { veteran: { drm: -1 } }, source: { kind: 'rulebook', rule: '9.2' } };
    }));
    const assuming = attackOdds(mods.game, mods.s, attack, 60);
    if (!assuming.ok) throw new Error(assuming.reason);
    expect(assuming.odds.assumed).toEqual(['Die-roll modifier for the attack on hex 0402: the total of "Die-roll modifiers" that applies (0 for none): 0']);
    expect(Object.keys(assuming.odds.results!).sort()).toEqual(['AR', 'D1', 'DE', 'DR2', 'EX']);
  });

  it('refuses units out of reach, and a location attacked already this step', () => {
    const { game, s } = atCombat(oddsRuleset([...FOREST, ['crimson-3', 'crimson', '0101']]));
    expect(refusal(game, s, { ...attack, units: ['crimson-3'] })).toMatchObject({ code: 'out-of-reach' });
    const t = withDice(game, s, { ...attack, units: ['crimson-1'] }, [6]);
    expect(refusal(game, t, { ...attack, units: ['crimson-2'] })).toMatchObject({ code: 'already-attacked' });
  });
});
