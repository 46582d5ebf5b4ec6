import { describe, expect, it } from 'vitest';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import type { GameState } from '@/engine/game';
import { act, eventsOf, fixture, newGame, playTo, refusal } from './play';

/**
 * The ridge where Azure sends Crimson aid each turn: announced in a step of Azure's production before it
 * counts its income, at most 2 points a turn, at most 1 (a constant) from turn 3; or the turn's maximum read from a track.
 */
function aiding(change?: (r: ResolvedRuleset) => void) {
  const r = fixture('ridge');
  r.sequence!.phases[0].steps!.splice(1, 0, { id: 'aid-step', name: 'Aid', procedure: 'transfers' });
  r.mechanics!.production!.transfers = [{
    id: 'aid', name: 'Aid', from: 'azure', to: ['crimson'], max: 2,
    limits: [{ to: 'crimson', max: { op: 'constant', id: 'late-aid' }, when: { op: 'turn', cmp: '>=', turn: { turn: 3 } } }],
    source: { kind: 'rulebook', rule: '5.9' },
  }];
  r.constants = { ...r.constants, 'late-aid': { value: { value: 1, source: { kind: 'rulebook', rule: '5.9' } }, description: 'Most aid a turn from turn 3' } };
  change?.(r);
  const game = newGame(r, 1, { manualDice: true });
  return { game, s: act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }) };
}
const amounts = (game: ReturnType<typeof newGame>, s: GameState) => game.legalActions(s, 'blue').flatMap((a) => (a.type === 'transfer' ? [a.amount] : []));
const incomeText = (s: GameState, power: string) => s.log.flatMap((e) => eventsOf(e.events, 'income')).filter((e) => e.power === power).at(-1)?.text;

describe('transfers of points between powers', () => {
  it('lets the giver announce points within the turn\'s maximum, and moves them from its income to the recipient\'s', () => {
    const { game, s } = aiding();
    const step = playTo(game, s, 'aid-step', 'blue', 2);
    expect(amounts(game, step)).toEqual([1, 2]);
    const sent = act(game, step, { type: 'transfer', side: 'blue', transfer: 'aid', to: 'crimson', amount: 2 });
    expect(eventsOf(sent.log.at(-1)!.events, 'effect').map((e) => [e.text, e.cite?.rule])).toEqual([['Aid: Azure sends 2 pp to Crimson, paid at this turn\'s count of income', '5.9']]);
    expect(refusal(game, sent, { type: 'transfer', side: 'blue', transfer: 'aid', to: 'crimson', amount: 1 })).toMatchObject({ code: 'transfer-limit', message: 'Aid may send Crimson 0 more points this turn, not 1', cite: { pointer: '/mechanics/production/transfers/0/max' } });
    expect(refusal(game, sent, { type: 'transfer', side: 'blue', transfer: 'aid', to: 'azure', amount: 1 }).code).toBe('bad-recipient');
    const paid = playTo(game, sent, 'produce', 'red', 2);
    expect(incomeText(paid, 'azure')).toBe('Azure earns 0 pp (Azure City 1, Azure Town 1, Aid to Crimson -2); stock 3');
    expect(incomeText(paid, 'crimson')).toBe('Crimson earns 6 pp (Crimson City 1, Crimson Port 2, Capital bonus 1, Aid from Azure 2); stock 9');
    // Nothing sent the next turn, nothing paid.
    expect(incomeText(playTo(game, paid, 'produce', 'red', 3), 'crimson')).not.toMatch(/Aid/);
  });

  it('caps a recipient by the first of its limits that holds, refuses a transfer out of its step or by the wrong side', () => {
    const { game, s } = aiding();
    expect(amounts(game, playTo(game, s, 'aid-step', 'blue', 3))).toEqual([1]);
    const step = playTo(game, s, 'aid-step', 'blue', 2);
    expect(refusal(game, step, { type: 'transfer', side: 'red', transfer: 'aid', to: 'crimson', amount: 1 }).code).toBe('not-your-turn');
    expect(refusal(game, playTo(game, s, 'produce', 'blue', 2), { type: 'transfer', side: 'blue', transfer: 'aid', to: 'crimson', amount: 1 }).code).toBe('wrong-step');
  });

  /** Blue announces 2 points of aid, then raids from the Reserve box, striking `struck`; then both produce. Blue's raid (2, column 1-2) rolls 1 on the manual die: one loss point. */
  function raided(struck: string[]) {
    const { game, s } = aiding((r) => {
      r.sequence!.phases[0].steps!.splice(1, 1);
      r.scenarios!.campaign.placements.find((p) => p.unit === 'azure-2')!.location = { box: 'reserve' };
      r.mechanics!.combat!.raid = { model: 'fire-table', table: 'fire', factor: 'attack', fires: 'attacker', lossUnit: 'none', winner: 'none', targetsBoxes: ['reserve'], attackingSides: ['blue'], strikes: 'bonuses', struckBonuses: struck };
      r.sequence!.phases.unshift({ id: 'strategic', name: 'Strategic warfare', actor: 'each-side', order: ['red', 'blue'], steps: [{ id: 'aid-step', name: 'Aid', procedure: 'transfers' }, { id: 'raid-step', name: 'Raids', procedure: 'combat.raid' }] });
    });
    const sent = act(game, playTo(game, s, 'aid-step', 'blue', 2), { type: 'transfer', side: 'blue', transfer: 'aid', to: 'crimson', amount: 2 });
    const raid = playTo(game, sent, 'raid-step', 'blue', 2);
    let t = game.applyAction(raid, { type: 'attack', side: 'blue', combat: 'raid', target: 'box:reserve', units: ['azure-2'] });
    t = t.ok && t.question ? game.applyAction(t.state, { type: 'answer', key: t.question.key, value: 1 }) : t;
    if (!t.ok) throw new Error(t.refusal.message);
    return { game, s: t.state };
  }

  it('loses the points a battle striking them sinks, the giver losing all it sent', () => {
    const { game, s: t } = raided(['aid']);
    expect(eventsOf(t.log.at(-1)!.events, 'effect').map((e) => e.text)).toContain('Lost at this turn\'s production: 1 of Aid to Crimson');
    const paid = playTo(game, t, 'produce', 'red', 2);
    expect(incomeText(paid, 'crimson')).toBe('Crimson earns 5 pp (Crimson City 1, Crimson Port 2, Capital bonus 1, Aid from Azure 1 (1 lost this turn)); stock 8');
    expect(incomeText(paid, 'azure')).toMatch(/Aid to Crimson -2\)/);
  });

  it('lets the attacker choose which points are lost where they could fall on more than one bonus or transfer', () => {
    const { game, s } = raided(['capital-bonus', 'aid']);
    expect(eventsOf(s.log.at(-1)!.events, 'effect').map((e) => e.text)).toContain('Blue chooses which 1 point is lost at this turn\'s production, of Capital bonus (1), Aid to Crimson (2)');
    expect(game.activeSides(s)).toEqual(['blue']);
    expect(game.legalActions(s, 'blue')).toEqual([
      { type: 'strike', side: 'blue', lost: ['capital-bonus'] },
      { type: 'strike', side: 'blue', lost: ['aid:crimson'] },
    ]);
    expect(game.legalActions(s, 'red')).toEqual([]);
    expect(refusal(game, s, { type: 'endStep', side: 'blue' })).toMatchObject({ code: 'strike-pending', message: 'Blue must first choose which 1 production point is lost' });
    expect(refusal(game, s, { type: 'strike', side: 'red', lost: ['aid:crimson'] }).code).toBe('not-yours');
    expect(refusal(game, s, { type: 'strike', side: 'blue', lost: ['aid:crimson', 'aid:crimson'] }).code).toBe('strike-count');
    expect(refusal(game, s, { type: 'strike', side: 'blue', lost: ['aid'] }).code).toBe('strike-unknown');
    const chosen = act(game, s, { type: 'strike', side: 'blue', lost: ['aid:crimson'] });
    expect(eventsOf(chosen.log.at(-1)!.events, 'effect').map((e) => e.text)).toEqual(['Lost at this turn\'s production: 1 of Aid to Crimson']);
    expect(incomeText(playTo(game, chosen, 'produce', 'red', 2), 'crimson')).toBe('Crimson earns 5 pp (Crimson City 1, Crimson Port 2, Capital bonus 1, Aid from Azure 1 (1 lost this turn)); stock 8');
    const bonus = act(game, s, { type: 'strike', side: 'blue', lost: ['capital-bonus'] });
    expect(incomeText(playTo(game, bonus, 'produce', 'red', 2), 'crimson')).toBe('Crimson earns 5 pp (Crimson City 1, Crimson Port 2, Capital bonus 0 (1 lost this turn), Aid from Azure 2); stock 8');
  });

  it('reads the turn\'s maximum from a table whose rows are the turns', () => {
    const { game, s } = aiding((r) => {
      const keys = ['1', '2', '3', '4', '5', '6', '7', '8'];
      r.tables!.track = { title: 'Turn track', rows: { name: 'turn', kind: 'label', keys }, columns: { name: 'entry', kind: 'label', keys: ['aid'] }, cells: Object.fromEntries(keys.map((k) => [k, { aid: Number(k) - 1 }])) };
      const t = r.mechanics!.production!.transfers![0];
      t.max = { op: 'cell', table: 'track', column: 'aid' };
      delete t.limits;
    });
    expect(amounts(game, playTo(game, s, 'aid-step', 'blue', 2))).toEqual([1]);
    expect(amounts(game, playTo(game, s, 'aid-step', 'blue', 4))).toEqual([1, 2, 3]);
  });
});
