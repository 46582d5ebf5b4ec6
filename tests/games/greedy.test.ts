import { describe, expect, it } from 'vitest';
import { prepare } from '@/bin/simulate';
import { createGame } from '@/engine/game';
import { countryKeys } from '@/engine/game/board';
import { botRng, randomOf } from '@/engine/game/bots';
import { greedyBot, victoryGoals, victoryScore } from '@/engine/game/bots/greedy';
import { copyPlain, type GameState } from '@/engine/game/state';

// The greedy bot's reading of 2WW's victory levels: control of countries, and counts of countries held
// compared with a number ("the Axis controls none of these").
describe("the greedy bot's reading of 2WW's victory conditions", () => {
  const p = prepare({ ruleset: 'rulesets/2ww', apply: ['provisional-fill'] });
  const created = createGame(p.ruleset, p.scenario, 1, { rulesetHash: p.hash });
  if (!created.ok) throw new Error(created.problems[0].message);
  const { rules, initial } = created.game;
  const held = (s: GameState, country: string, by: string) => {
    const t = copyPlain(s);
    for (const at of countryKeys(rules, country)) t.control[at] = by;
    return t;
  };

  it('has each side want what its levels count: the Allies fewer countries in Axis hands, Germany among them', () => {
    const score = (s: GameState) => ({ axis: victoryScore(rules, s, 'axis'), allies: victoryScore(rules, s, 'allies') });
    const before = score(initial);
    // Germany taken: better for the Allies, worse for the Axis (the Allies' lesser levels, met while the Axis holds Germany, are no reason to leave it).
    const germanyTaken = score(held(initial, 'germany', 'allies'));
    expect(germanyTaken.allies).toBeGreaterThan(before.allies);
    expect(germanyTaken.axis).toBeLessThan(before.axis);
    // Belgium taken by the Axis: better for the Axis, worse for the Allies.
    const belgiumTaken = score(held(initial, 'belgium', 'axis'));
    expect(belgiumTaken.axis).toBeGreaterThan(before.axis);
    expect(belgiumTaken.allies).toBeLessThan(before.allies);
  });

  it("reads no Allied goal of the Axis holding anything", () => {
    const goals = victoryGoals(rules);
    expect(goals.filter((g) => g.side === 'allies' && g.by === 'axis' && g.sign > 0)).toEqual([]);
    // The Allies' total victory: the Axis holding none of the countries listed.
    expect(goals).toContainEqual(expect.objectContaining({ side: 'allies', by: 'axis', sign: -1 }));
  });

  it('brings no power into the war without a reason in the first turns, and does not lose at once', () => {
    const game = created.game;
    for (const seed of [1, 2, 3]) {
      const rng = botRng(seed);
      const s = copyPlain(initial);
      while (s.turn <= 2 && !s.over) {
        const side = game.activeSides(s)[0];
        const onNoSide = Object.keys(s.powers).filter((p) => s.powers[p].side === null);
        const r = game.applyInPlace(s, greedyBot(game, s, side, rng)!.action);
        if (!r.ok) throw new Error(r.refusal.message);
        const at = `seed ${seed}, turn ${s.turn}`;
        // Spain taken by the Allies in 1939 brought Spain in: none of their levels gains by a neutral.
        if (side === 'allies') expect(onNoSide.filter((p) => r.state.powers[p].side === 'axis'), at).toEqual([]);
        // The USSR roused in 1939 (its forces far outnumbering the Axis near it), or Switzerland by an air unit flying in.
        expect([r.state.powers.ussr.status, r.state.powers.switzerland.side], at).toEqual(['limited-neutral', null]);
      }
      expect(s.over, `seed ${seed}`).toBeUndefined();
    }
  });

  it('keeps moving and attacking after the first turn, against a side that does nothing', () => {
    const game = created.game;
    let idle = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const rng = botRng(seed);
      const s = copyPlain(initial);
      const acted = new Set<number>();
      while (s.turn <= 4 && !s.over) {
        const side = game.activeSides(s)[0];
        const listing = game.legalListing(s, side);
        // The Allies end every step they may end (placing and allocating as they must).
        const action = side === 'axis' ? greedyBot(game, s, side, rng)!.action : (listing.others.find((a) => a.type === 'endStep') ?? randomOf(listing, rng)!);
        if (side === 'axis' && (action.type === 'move' || action.type === 'attack')) acted.add(s.turn);
        const r = game.applyInPlace(s, action);
        if (!r.ok) throw new Error(r.refusal.message);
      }
      idle += [2, 3, 4].filter((turn) => !acted.has(turn)).length;
    }
    // One draw of eight units, mostly with nothing to do, ended a step at once: four of these 24 turns went by idle. Fleets
    // sailing for capitals they cannot take then kept all but three of them busy; with none drawn there, four pass with no
    // land unit able to go nearer its goals without cost (three did by land before as well).
    expect(idle).toBeLessThanOrEqual(4);
  });

  it('carries the units that arrive in an off-map box (the US, in the land portion of the Atlantic box) to the map by sea', () => {
    const game = created.game;
    for (const seed of [1, 2]) {
      const rng = botRng(seed);
      const s = copyPlain(initial);
      // When each land and air unit first stood in a box, and then on a hex: from a box only a fleet leads onto the map.
      const boxed = new Map<string, number>();
      const ashore = new Map<string, number>();
      while (s.turn <= 18 && !s.over) {
        const r = game.applyInPlace(s, greedyBot(game, s, game.activeSides(s)[0], rng)!.action);
        if (!r.ok) throw new Error(r.refusal.message);
        for (const u of Object.values(s.units)) {
          if (rules.r.unitTypes?.[u.type]?.class === 'naval') continue;
          if (u.at.startsWith('box:') && !boxed.has(u.id)) boxed.set(u.id, s.turn);
          if (u.at.startsWith('hex:') && boxed.has(u.id) && !ashore.has(u.id)) ashore.set(u.id, s.turn);
        }
      }
      // Greedy bots left every one of them in the box for the whole game. The fleets that carry them, sunk at times,
      // carry one each and come back for the next: at least half of those in a box by turn 14 are ashore by turn 18.
      const early = [...boxed.keys()].filter((u) => boxed.get(u)! <= 14);
      expect(early.length, `seed ${seed}`).toBeGreaterThan(3);
      expect(early.filter((u) => ashore.has(u)).length, `seed ${seed}`).toBeGreaterThanOrEqual(early.length / 2);
    }
  });
});
