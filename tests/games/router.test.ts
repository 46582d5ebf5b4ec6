import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { GameEvent, PlayerAction } from '@/engine/game';
import { serverForTests } from './server';
import { beside as besideOf, graphOf } from '@/engine/game/graph';
import { filled } from '../rulesets/filled';
import { readSeed } from '@/engine/seed';
import { describeIssues } from '@/server/issues';
import type { TRPCError } from '@trpc/server';
import type { ZodError } from 'zod';

// The games router through a caller, on a temp database and the real rulesets folder (read only).
const caller = await serverForTests();
const { closeGames } = await import('@/server/games');
const { BOT_ACTIONS_PER_TURN } = await import('@/server/routers/games');

type Api = ReturnType<typeof caller>;

/** Acts for whoever may act until `want` finds an action in their legal actions; tasks are resolved by the tester's hand. */
async function playUntil(api: Api, gameId: string, want: (a: PlayerAction) => boolean, guard = 400): Promise<{ side: string; actions: { action: PlayerAction; label: string }[] }> {
  for (let i = 0; i < guard; i++) {
    const { status, state } = await api.games.state({ gameId });
    if (status.over) throw new Error('game over');
    if (state.tasks.length) {
      await api.games.act({ gameId, action: { type: 'manual', op: { op: 'resolveTask', task: state.tasks[0].id } } });
      continue;
    }
    const side = status.sides[0];
    const { actions } = await api.games.legalActions({ gameId, side });
    if (actions.some((a) => want(a.action))) return { side, actions };
    const next = actions.find((a) => a.action.type === 'place' || a.action.type === 'allocate') ?? actions.find((a) => a.action.type === 'endStep')!;
    const r = await api.games.act({ gameId, action: next.action });
    expect(r.ok).toBe(true);
  }
  throw new Error('never found the action');
}

describe('games router on 2WW with the provisional fill', () => {
  let gameId: string;
  beforeAll(async () => {
    ({ gameId } = await caller().games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 42 }));
  });

  it('creates a game that says what it was built on', async () => {
    const s = await caller().games.state({ gameId });
    expect(s).toMatchObject({ rulesetId: '2ww', scenarioId: 'campaign', seed: 42, optionalPatchSets: ['provisional-fill'], fromDraft: false, bots: {} });
    expect(s.rulesetTitle).toContain('2WW');
    expect(s.provisional.count).toBeGreaterThan(0);
    expect(s.provisional.examples.length).toBeGreaterThan(0);
    expect(s.logLength).toBe(1);
    expect(s.hash).toMatch(/\S/);
    const { games } = await caller().games.list({ rulesetId: '2ww' });
    expect(games.map((g) => g.gameId)).toContain(gameId);
  });

  it("draws the game's map from the ruleset it was created from, the fill's hexes included", async () => {
    const board = await caller().games.map({ gameId });
    expect(board.kind).toBe('hex');
    if (board.kind !== 'hex') return;
    // 1615, Algiers as 2.1 prints it (the ruleset reads Algiers as 1915), is classified by the provisional fill alone: the files leave it blank.
    expect(board.view.hexes['1615']).toMatchObject({ terrain: 'coastal', country: 'french-north-africa' });
    expect((await caller().map.view({ rulesetId: '2ww' })).hexes['1615']?.country).toBeUndefined();
  });

  it('serves the ruleset the game was created from, the fill applied', async () => {
    const snapshot = await caller().games.ruleset({ gameId });
    expect(snapshot.roster!['su-1-air'].factors).toMatchObject({ combat: { value: 3, source: { kind: 'provisional' } } });
    expect((await caller().rulesets.get({ id: '2ww' })).ruleset!.roster!['su-1-air'].factors).toBeUndefined();
  });

  it('says why units near a target are left out of the attacks on it, each by its refusal, computed on request; a finished game, that it is over', async () => {
    const api = caller();
    const { gameId: id } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 42 });
    await playUntil(api, id, (a) => a.type === 'move');
    // German 1st Armor beside a Polish infantry (in Poland, neutral), and 4th Infantry two hexes from it, beside no Allied unit.
    const { state: now } = await api.games.state({ gameId: id });
    const board = graphOf(filled('rulesets/2ww').game().rules);
    const polishAt = now.units['poland-inf-1'].at;
    const polish = board.index.get(polishAt)!;
    const free = (at: string) => !Object.values(now.units).some((u) => u.at === at) && board.kind[board.index.get(at)!] === 0 && now.control[at] !== undefined;
    const nearPoles = (at: string) => besideOf(board, board.index.get(at)!).some((j) => Object.values(now.units).some((u) => u.at === board.keys[j] && now.powers[u.power].side !== 'axis'));
    const beside = besideOf(board, polish).map((j) => board.keys[j]).find(free)!;
    const twoOff = besideOf(board, board.index.get(beside)!).map((j) => board.keys[j]).find((at) => free(at) && at !== beside && !besideOf(board, polish).includes(board.index.get(at)!) && !nearPoles(at))!;
    await api.games.act({ gameId: id, action: { type: 'manual', op: { op: 'moveUnit', unit: 'ge-1-armor', to: beside } } });
    await api.games.act({ gameId: id, action: { type: 'manual', op: { op: 'moveUnit', unit: 'ge-4-inf', to: twoOff } } });
    const { side, actions } = await playUntil(api, id, (a) => a.type === 'attack' && a.combat === 'land-vs-land' && a.units.includes('ge-1-armor'));
    const listed = actions.find((a) => a.action.type === 'attack' && a.action.combat === 'land-vs-land')!.action;
    if (listed.type !== 'attack') throw new Error('no attack');
    // 4th Infantry, two hexes off, is left out of the attack on the hex beside 1st Armor; 1st Armor, listed, is not named.
    expect(listed.target).toBe('hex:2304');
    expect(await api.games.whyNotAttacking({ gameId: id, side, target: listed.target })).toEqual({
      units: [{ unit: 'ge-4-inf', refusal: { code: 'out-of-reach', message: "hex 2304 is out of 4th Infantry (Germany)'s reach (its zone of control)", cite: { pointer: '/mechanics/combat/land-vs-land/reach', rule: '4.2 C.3, 9, 9.1' } }, named: true }],
    });
    // The Polish infantry's hex, in neutral Poland, is attacked by none of them: each is named with the rule.
    const neutral = await api.games.whyNotAttacking({ gameId: id, side, target: polishAt });
    expect(neutral.units.map((u) => u.unit)).toContain('ge-1-armor');
    expect(new Set(neutral.units.map((u) => u.refusal.code))).toEqual(new Set(['beyond-zones']));
    await expect(api.games.whyNotAttacking({ gameId: id, side, target: 'hex:9999' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: '"hex:9999" is not a location on this game\'s map (a hex, area or box, as hex:0601)' });
    // Once the game is over, no unit is named, and the answer says why, with the refusal an action gets.
    await api.games.act({ gameId: id, action: { type: 'manual', op: { op: 'endGame', text: 'the Axis sue for peace' } } });
    const refused = await api.games.act({ gameId: id, action: listed });
    expect(refused).toMatchObject({ ok: false, refusal: { code: 'game-over', message: 'the game is over: the Axis sue for peace' } });
    expect(await api.games.whyNotAttacking({ gameId: id, side, target: listed.target })).toEqual({ units: [], refusal: !refused.ok && refused.refusal });
    // So does the listing of a side's actions: nothing, and why.
    expect(await api.games.legalActions({ gameId: id, side })).toMatchObject({ actions: [], refusal: !refused.ok && refused.refusal });
  });

  it('moves, fights with explained table lookups, undoes, and survives a restart', async () => {
    const api = caller();
    const { actions: moves } = await playUntil(api, gameId, (a) => a.type === 'move');
    const move = moves.find((a) => a.action.type === 'move')!;
    expect(move.label).toMatch(/^Move .+ → .+\(\d+ MP\)$/);
    const before = (await api.games.state({ gameId })).logLength;
    const moved = await api.games.act({ gameId, action: move.action, expectedLogLength: before });
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(moved.events.some((e: GameEvent) => e.kind === 'move')).toBe(true);

    // A land battle: the odds are of a battle, and the lookups are explained. The tester puts German 1st Armor beside a Polish infantry first.
    const { state: now } = await api.games.state({ gameId });
    const board = graphOf(filled('rulesets/2ww').game().rules);
    const polish = board.index.get(now.units['poland-inf-1'].at)!;
    const beside = besideOf(board, polish).map((j) => board.keys[j]).find((at) => !Object.values(now.units).some((u) => u.at === at) && board.kind[board.index.get(at)!] === 0 && now.control[at] !== undefined);
    await api.games.act({ gameId, action: { type: 'manual', op: { op: 'moveUnit', unit: 'ge-1-armor', to: beside! } } });
    const landAttack = (a: PlayerAction) => a.type === 'attack' && a.combat === 'land-vs-land';
    const { side, actions } = await playUntil(api, gameId, landAttack);
    const attack = actions.find((a) => landAttack(a.action))!;
    expect(attack.label).toMatch(/^Attack /);
    const beforeAttack = await api.games.state({ gameId });
    // What the position shows the attacker: the zones of the units it may attack, and which of its own units trace no supply.
    const seen = await api.games.overview({ gameId, side });
    expect(seen.zones).toContain(attack.action.type === 'attack' ? attack.action.target : '');
    for (const id of seen.unsupplied) expect(beforeAttack.state.powers[beforeAttack.state.units[id].power].side).toBe(side);
    // A side the game does not have is refused, not answered with nothing to do.
    for (const ask of [api.games.overview({ gameId, side: 'martians' }), api.games.legalActions({ gameId, side: 'martians' })]) await expect(ask).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'No side "martians" (sides: axis, allies)' });
    // The odds first: the attack fought on fresh dice, nothing stored.
    const odds = await api.games.odds({ gameId, action: attack.action, runs: 200 });
    if (!odds.ok) throw new Error(odds.reason);
    expect(odds.odds.runs).toBe(200);
    expect(Object.values(odds.odds.wins).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(200);
    expect(Object.keys(odds.odds.lossPoints).sort()).toEqual(['allies', 'axis']);
    expect(await api.games.odds({ gameId, action: attack.action, runs: 200 })).toEqual(odds);
    expect((await api.games.state({ gameId })).hash).toBe(beforeAttack.hash);
    await expect(api.games.odds({ gameId, action: move.action })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Odds are for attacks, not "move"' });
    /** The attack, and the defence without support where its side may choose some: the battle's events. */
    const fight = async () => {
      const declared = await api.games.act({ gameId, action: attack.action });
      const { state } = await api.games.state({ gameId });
      return state.defense ? api.games.act({ gameId, action: { type: 'defend', side: state.defense.by, units: [] } }) : declared;
    };
    const fought = await fight();
    expect(fought.ok).toBe(true);
    if (!fought.ok) return;
    const lookup = fought.events.find((e: GameEvent) => e.kind === 'lookup') as Extract<GameEvent, { kind: 'lookup' }> | undefined;
    expect(lookup).toBeDefined();
    expect(lookup).toMatchObject({ table: expect.any(String), column: expect.any(String), roll: expect.any(Number) });
    expect(lookup!.result).toBeDefined();
    expect(lookup!.cite?.rule).toMatch(/\S/);
    const log = await api.games.log({ gameId });
    expect(log.lines.some((l) => l.includes(lookup!.text))).toBe(true);
    const afterAttack = (await api.games.state({ gameId })).logLength;
    expect(log.entries.length).toBe(afterAttack);

    const undone = await api.games.undo({ gameId, toLogLength: beforeAttack.logLength });
    expect(undone.logLength).toBe(beforeAttack.logLength);
    expect(undone.hash).toBe(beforeAttack.hash);

    const fought2 = await fight();
    expect(fought2.ok).toBe(true);
    const live = await api.games.state({ gameId });

    closeGames(); // close the database and forget every cached game
    const revived = await caller().games.state({ gameId });
    expect(revived.logLength).toBe(live.logLength);
    expect(revived.hash).toBe(live.hash);
  }, 120_000);

  it('shows an earlier position of the history, read only, and leaves the game as it is', async () => {
    const api = caller();
    const now = await api.games.state({ gameId });
    expect(now.presentLogLength).toBe(now.logLength);
    const at = Math.max(1, now.logLength - 3);
    const then = await api.games.state({ gameId, at });
    expect(then).toMatchObject({ logLength: at, presentLogLength: now.logLength });
    expect(then.state).not.toHaveProperty('log');
    const tail = await api.games.log({ gameId, from: at });
    expect(tail).toMatchObject({ total: now.logLength, from: at });
    expect(tail.entries.map((e) => e.seq)).toEqual(Array.from({ length: now.logLength - at }, (_, i) => at + i));
    expect(then.hash).not.toBe(now.hash);
    // The same position, the same hash: replaying the log's head is what undo would leave.
    expect((await api.games.state({ gameId, at })).hash).toBe(then.hash);
    expect((await api.games.state({ gameId, at: now.logLength })).hash).toBe(now.hash);
    await expect(api.games.state({ gameId, at: now.logLength + 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(`The log has ${now.logLength} entries`) });
    await expect(api.games.state({ gameId, at: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await api.games.state({ gameId })).hash).toBe(now.hash);
  });

  it('answers an illegal action with a refusal naming its rule, and changes nothing', async () => {
    const api = caller();
    const s = await api.games.state({ gameId });
    const r = await api.games.act({ gameId, action: { type: 'move', side: 'axis', unit: 'no-such-unit', to: 'hex:0000' } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusal.code).toMatch(/\S/);
    expect(r.refusal.cite).toHaveProperty('pointer');
    const after = await api.games.state({ gameId });
    expect(after.logLength).toBe(s.logLength);
    expect(after.hash).toBe(s.hash);
    closeGames();
    expect((await caller().games.state({ gameId })).logLength).toBe(s.logLength);
  });

  it('refuses an input with a key it does not know, naming the key, rather than dropping it', async () => {
    const misnamed = { rulesetId: '2ww', scenario: 'campaign', seed: 1 } as unknown as Parameters<Api['games']['create']>[0];
    const before = (await caller().games.list({ rulesetId: '2ww' })).games.length;
    await expect(caller().games.create(misnamed)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('"scenario"') });
    expect((await caller().games.list({ rulesetId: '2ww' })).games.length).toBe(before);
  });

  it('refuses a seed that is not a whole number from 0 to 2147483647 with one message, the one the launch dialog gives', async () => {
    const before = (await caller().games.list({ rulesetId: '2ww' })).games.length;
    for (const seed of [1.5, -5, 99999999999999999999, 2 ** 31]) {
      // As the client reads it (the server's errorFormatter): one issue, one limit.
      const refusal = await caller().games.create({ rulesetId: '2ww', seed }).catch((err: TRPCError) => err);
      expect(refusal).toMatchObject({ code: 'BAD_REQUEST' });
      expect(describeIssues(((refusal as TRPCError).cause as ZodError).issues)).toBe('seed: a whole number from 0 to 2147483647');
    }
    expect((await caller().games.list({ rulesetId: '2ww' })).games.length).toBe(before);
    expect(['', ' 7 ', '0', '2147483647', '1.5', '-5', '1e3', '2147483648'].map(readSeed)).toEqual([{}, { seed: 7 }, { seed: 0 }, { seed: 2147483647 }, ...Array(4).fill({ wrong: 'Seed: a whole number from 0 to 2147483647.' })]);
  });

  it('refuses a stale expected log length with CONFLICT', async () => {
    const s = await caller().games.state({ gameId });
    await expect(caller().games.act({ gameId, action: { type: 'endStep', side: s.status.sides[0] ?? 'axis' }, expectedLogLength: s.logLength - 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('moving a stack together', () => {
  it('makes each move in turn, all or none, a refusal naming which was refused', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 7 });
    const { side, actions } = await playUntil(api, gameId, (a) => a.type === 'move');
    const { state } = await api.games.state({ gameId });
    // A stack of two with a listed move to the same hex.
    const movesOf = (unit: string) => new Set(actions.flatMap(({ action: a }) => (a.type === 'move' && a.unit === unit && !a.rail ? [a.to] : [])));
    const movers = [...new Set(actions.flatMap(({ action: a }) => (a.type === 'move' ? [a.unit] : [])))];
    const pair = movers.flatMap((a) => movers.filter((b) => b > a && state.units[b].at === state.units[a].at).map((b) => [a, b] as const)).find(([a, b]) => [...movesOf(a)].some((to) => movesOf(b).has(to)))!;
    const to = [...movesOf(pair[0])].find((at) => movesOf(pair[1]).has(at))!;
    const move = (unit: string, at: string): PlayerAction => ({ type: 'move', side, unit, to: at });

    // The second cannot go where it is sent: neither moves.
    const before = await api.games.state({ gameId });
    const refused = await api.games.actAll({ gameId, actions: [move(pair[0], to), move(pair[1], 'hex:0101')], expectedLogLength: before.logLength });
    expect(refused).toMatchObject({ ok: false, index: 1, refusal: { code: expect.any(String) } });
    const unchanged = await api.games.state({ gameId });
    expect([unchanged.logLength, unchanged.hash]).toEqual([before.logLength, before.hash]);

    const r = await api.games.actAll({ gameId, actions: [move(pair[0], to), move(pair[1], to)], expectedLogLength: before.logLength });
    expect(r.ok).toBe(true);
    const after = await api.games.state({ gameId });
    expect([after.state.units[pair[0]].at, after.state.units[pair[1]].at]).toEqual([to, to]);
    expect(after.logLength).toBe(before.logLength + 2);
  });
});

describe('Lend Lease on 2WW', () => {
  it('offers the Allies US points to send in its step, and pays them at the count of income', async () => {
    const api = caller();
    const { gameId: id } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 7 });
    const { side, actions } = await playUntil(api, id, (a) => a.type === 'transfer');
    expect(side).toBe('allies');
    // Before the USSR is at war everything goes to Britain: up to the Turn Record Track's 4 points (the fill's).
    expect(actions.filter((a) => a.action.type === 'transfer').map((a) => a.label)).toEqual([1, 2, 3, 4].map((n) => `Lend Lease: send ${n} pp to Great Britain`));
    const sent = await api.games.act({ gameId: id, action: { type: 'transfer', side: 'allies', transfer: 'lend-lease', to: 'great-britain', amount: 3 } });
    expect(sent.ok && sent.events.map((e) => e.text)).toContain("Lend Lease: United States sends 3 pp to Great Britain, paid at this turn's count of income");
    await playUntil(api, id, (a) => a.type === 'buy' || a.type === 'upgrade');
    const { entries } = await api.games.log({ gameId: id, from: 0 });
    const income = entries.flatMap((e) => e.events).filter((e) => e.kind === 'income').map((e) => e.text);
    expect(income).toContainEqual(expect.stringMatching(/^Great Britain earns \d+ pp \(.*Lend Lease from United States 3\)/));
    expect(income).toContainEqual(expect.stringMatching(/^United States earns 7 pp \(US production 10, Lend Lease to Great Britain -3\)/));
  });
});

describe('the Atlantic box on 2WW', () => {
  it('has the Axis attack the convoys, then the Allied fleets there engage the Axis fleets with the naval air aboard, the loser leaving the box', async () => {
    const api = caller();
    const { gameId: id } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 7 });
    const manual = async (op: Record<string, unknown>) => {
      const r = await api.games.act({ gameId: id, action: { type: 'manual', op } });
      if (!r.ok) throw new Error(r.refusal.message);
    };
    // As in the convoy example (6): the British Naval air unit (due in 1941: brought in by hand) boards the Home fleet at Scapa Flow, which sails to the Atlantic box.
    await playUntil(api, id, (a) => a.type === 'move');
    await manual({ op: 'moveUnit', unit: 'gb-naval-air', to: 'hex:1503' });
    await playUntil(api, id, (a) => a.type === 'board' && a.unit === 'gb-naval-air');
    expect((await api.games.act({ gameId: id, action: { type: 'board', side: 'allies', unit: 'gb-naval-air', carrier: 'gb-home-fleet' } })).ok).toBe(true);
    for (const unit of ['gb-home-fleet', 'ge-surface-fleet']) await manual({ op: 'moveUnit', unit, to: 'box:atlantic' });
    // Winter 1939, before Spring 1943: the convoy attack comes first, and the Allies may not fight in its step.
    const convoy = await playUntil(api, id, (a) => a.type === 'attack' && a.combat === 'convoy-attack');
    expect(convoy.side).toBe('axis');
    const { status } = await api.games.state({ gameId: id });
    expect(status.step).toBe('3. Convoy attack');
    const sea = await playUntil(api, id, (a) => a.type === 'attack' && a.combat === 'atlantic-sea-combat');
    expect(sea.side).toBe('allies');
    expect((await api.games.state({ gameId: id })).status.step).toBe('3. Sea combat in the Atlantic box (before Spring 1943)');
    const attack = sea.actions.find((a) => a.action.type === 'attack')!;
    expect(attack.action).toEqual({ type: 'attack', side: 'allies', combat: 'atlantic-sea-combat', target: 'box:atlantic', units: ['gb-home-fleet', 'gb-naval-air'] });
    const fought = await api.games.act({ gameId: id, action: attack.action });
    if (!fought.ok) throw new Error(fought.refusal.message);
    const battle = fought.events.find((e) => e.kind === 'battle')!;
    expect(battle.text).toBe('Battle at Atlantic box (ocean portion): Allies 5 (with 2 support) against Axis 2; loss points inflicted by Allies 0, by Axis 0; losses counted: Allies 0, Axis 0; the winner: Allies, on the higher roll (10 against 5); its strengths read provisional values');
    expect(battle.cite?.rule).toBe('6, 6.2, 4.2 A.3');
    // The Allies win on the higher roll (10 against 5, no losses): the Axis fleet goes to the nearest port the Axis holds, out of the box by its west map edge.
    expect(fought.events.filter((e) => e.kind === 'move').map((e) => e.text)).toEqual(['Surface fleet retreats from Atlantic box (ocean portion) to hex 1906 (Hamburg) (the only place open), exhausted']);
    const { state } = await api.games.state({ gameId: id });
    expect(state.units['gb-home-fleet'].at).toBe('box:atlantic');
    // Strategic Warfare is no mission of the naval air unit's: it stays aboard, ready.
    expect(state.units['gb-naval-air']).toMatchObject({ at: 'carried:gb-home-fleet', exhausted: undefined });
    expect(state.units['ge-surface-fleet']).toMatchObject({ at: 'hex:1906', exhausted: true });
  });
});

describe('passing steps with nothing to do', () => {
  /** The side to act and whether ending the step is all the engine offers it. */
  async function position(api: Api, gameId: string) {
    const { status, passEmptySteps } = await api.games.state({ gameId });
    const { actions } = await api.games.legalActions({ gameId, side: status.sides[0] });
    return { status, passEmptySteps, empty: actions.length === 1 && actions[0].action.type === 'endStep', actions };
  }

  const idle = (at: Awaited<ReturnType<typeof position>>) => at.empty && at.status.procedure !== 'manual';

  /** A new game played step by step until it waits for a side that can only end its step (but for steps the tester adjudicates, such as turn 1's end). */
  async function untilIdle(api: Api) {
    const { gameId: id } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 7 });
    let at = await position(api, id);
    for (let i = 0; i < 200 && !idle(at); i++) {
      const next = at.actions.find((a) => a.action.type === 'place') ?? at.actions.find((a) => a.action.type === 'endStep')!;
      await api.games.act({ gameId: id, action: next.action });
      at = await position(api, id);
    }
    expect(idle(at)).toBe(true);
    expect(at.status.step).toBe('3. Combat Phase');
    expect(at.passEmptySteps).toBe(false);
    return { id, at };
  }

  it('ends at once, once turned on, every step where a person can do nothing but end it, and keeps the choice', async () => {
    const api = caller();
    let { id, at } = await untilIdle(api);
    const { logLength } = await api.games.state({ gameId: id });
    const passed = await api.games.passEmptySteps({ gameId: id, pass: true, expectedLogLength: logLength });
    expect(passed.actions).toBeGreaterThan(0);
    // Each pass is logged as the end of the step, for a side with nothing to do.
    expect(passed.events.filter((e) => e.kind === 'sequence' && e.what === 'end').map((e) => e.text)).toContain('Axis: nothing to do');
    const { entries } = await api.games.log({ gameId: id, from: logLength });
    expect(entries.every((e) => e.action.type === 'endStep' && e.action.idle === true)).toBe(true);
    // From now on every wait is for a side with something to do (or a step adjudicated by hand), after each action too.
    for (let i = 0; i < 40; i++) {
      at = await position(api, id);
      expect(idle(at), `${at.status.step}: only its end offered`).toBe(false);
      const next = at.actions.find((a) => a.action.type === 'place' || a.action.type === 'allocate') ?? at.actions.find((a) => a.action.type === 'endStep')!;
      expect((await api.games.act({ gameId: id, action: next.action })).ok).toBe(true);
    }
    // The choice is the game's: it survives a restart, and can be undone.
    closeGames();
    expect((await api.games.state({ gameId: id })).passEmptySteps).toBe(true);
    expect((await api.games.passEmptySteps({ gameId: id, pass: false })).actions).toBe(0);
    expect((await api.games.state({ gameId: id })).passEmptySteps).toBe(false);
  });

  it('stores neither the choice nor its passes when the game was played elsewhere meanwhile', async () => {
    const api = caller();
    const { games } = await import('@/server/games');
    const { id, at } = await untilIdle(api);
    const { logLength } = await api.games.state({ gameId: id });
    // Another server ends the step in the database this one has not read again.
    games().store.append(id, logLength, [{ action: at.actions[0].action }]);
    await expect(api.games.passEmptySteps({ gameId: id, pass: true })).rejects.toMatchObject({ code: 'CONFLICT' });
    const now = await api.games.state({ gameId: id });
    expect(now).toMatchObject({ logLength: logLength + 1, passEmptySteps: false });
    expect(games().store.get(id)!.record.options.passEmptySteps).toBe(false);
  });
});

describe("placing the rest of a side's units", () => {
  it('places each unit left where it may go, as actions in the log, the same way for the same game', async () => {
    const api = caller();
    const create = () => api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 11 });
    const { gameId } = await create();
    const start = await api.games.state({ gameId });
    const sideOf = (unit: string) => start.state.powers[start.state.units[unit].power]?.side;
    const side = start.status.sides[0];
    const ours = start.status.unplaced.filter((u) => sideOf(u) === side);
    expect(ours.length).toBeGreaterThan(10);
    const placed = await api.games.placeRest({ gameId, side, expectedLogLength: start.logLength });
    expect(placed.actions).toBe(ours.length);
    const after = await api.games.state({ gameId });
    // None of the side's units waits now; the other side places its own.
    expect(after.status.unplaced.filter((u) => sideOf(u) === side)).toEqual([]);
    expect(after.status.sides).not.toContain(side);
    const { entries } = await api.games.log({ gameId, from: start.logLength });
    expect(entries.map((e) => [e.action.type, 'side' in e.action && e.action.side])).toEqual(ours.map(() => ['place', side]));
    for (const u of ours) expect(after.state.units[u].at).toMatch(/^(hex|area|box):/);
    // Seeded by the game and the position: the same game places alike.
    const { gameId: again } = await create();
    await api.games.placeRest({ gameId: again, side });
    expect((await api.games.state({ gameId: again })).hash).toBe(after.hash);
    await expect(api.games.placeRest({ gameId, side })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `${side === 'allies' ? 'Allies' : 'Axis'} have no units to place now` });
    await expect(api.games.placeRest({ gameId, side: 'nobody' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("goes on past the bot side's placements to the end of the side's set-up", async () => {
    // The Big One's set-up goes Allies, Axis, then the neutrals' units, which the Allies place.
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: 'the-big-one', optionalPatchSets: ['provisional-fill'], seed: 11, bots: { axis: 'random' } });
    const start = await api.games.state({ gameId });
    expect(start.status.sides).toEqual(['allies']);
    const placed = await api.games.placeRest({ gameId, side: 'allies' });
    const { entries } = await api.games.log({ gameId, from: start.logLength });
    const places = entries.filter((e) => e.action.type === 'place');
    expect(places.map((e) => 'side' in e.action && e.action.side)).toContain('axis');
    expect(places.filter((e) => 'side' in e.action && e.action.side === 'allies')).toHaveLength(placed.actions);
    expect(placed.status.unplaced).toEqual([]);
  });
});

describe('a question on a rail move (The Big One, whose text lacks its rail distance)', () => {
  it('refuses a move no distance allows without asking, and keeps a ruling given for a move then refused, withdrawing the move', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: 'the-big-one', optionalPatchSets: ['provisional-fill'], seed: 5 });
    for (let guard = 0; guard < 4; guard++) {
      const { status } = await api.games.state({ gameId });
      if (status.unplaced.length === 0) break;
      await api.games.placeRest({ gameId, side: status.sides[0] });
    }
    const rail = (to: string, unit = 'ge-10-inf') => ({ type: 'move' as const, side: 'axis', unit, to, rail: true });
    // Warsaw lies in Poland, neutral, which rail movement excludes, as it parts East Prussia (10th Infantry's 2105)
    // from Germany: said at once, no question asked, whatever the distance.
    expect(await api.games.act({ gameId, action: rail('hex:2205') })).toMatchObject({ ok: false, refusal: { code: 'rail-unreachable', message: "10th Infantry cannot reach hex 2205 (Warsaw) by rail: Poland's status is neutral, which rail movement excludes" } });
    expect(await api.games.act({ gameId, action: rail('hex:2007') })).toMatchObject({ ok: false, refusal: { code: 'rail-unreachable', message: expect.stringMatching(/^10th Infantry cannot reach hex 2007 by rail: no way leads there through /) } });
    // From 1905, 14th Infantry may: the distance is asked for.
    const asked = await api.games.act({ gameId, action: rail('hex:2007', 'ge-14-inf') });
    const key = '/mechanics/movement/rail/distance';
    expect(asked).toMatchObject({ ok: true, question: { key } });
    const before = await api.games.state({ gameId });
    expect(before.state.suspended?.action).toEqual(rail('hex:2007', 'ge-14-inf'));
    // A distance of 0, kept: the move is refused and withdrawn, the ruling kept, logged as the entry that kept it.
    const refused = await api.games.act({ gameId, action: { type: 'answer', key, value: 0, remember: true } });
    expect(refused).toMatchObject({ ok: false, refusal: { code: 'rail-too-far' }, withdrawn: rail('hex:2007', 'ge-14-inf'), logLength: before.logLength + 1 });
    const after = await api.games.state({ gameId });
    expect(after.status.question).toBeUndefined();
    expect(after.rulings).toEqual([{ key, value: 0, question: asked.ok ? asked.question!.text : '', seq: before.logLength }]);
    // Asked again, the move is refused at once, by the ruling kept.
    expect(await api.games.act({ gameId, action: rail('hex:2007', 'ge-14-inf') })).toMatchObject({ ok: false, refusal: { code: 'rail-too-far' } });
    expect((await api.games.state({ gameId })).logLength).toBe(after.logLength);
  });
});

describe('a game on the rulebook alone, its gaps unfilled', () => {
  it('lists what it can, and names the values the data lacks that the moves left out wait on', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', seed: 5 });
    for (let guard = 0; guard < 6; guard++) {
      const { status, state } = await api.games.state({ gameId });
      if (status.unplaced.length === 0) break;
      // The German fleets set up in a German port, Hamburg, whose hex the text does not give: the tester places them.
      const task = state.tasks[0];
      if (task) {
        expect(task.text).toMatch(/no location meets "In any German port" \(the data gives no location for Hamburg\)$/);
        for (const unit of ['ge-surface-fleet', 'ge-1-sub']) if (state.units[unit].at === 'unplaced') await api.games.act({ gameId, action: { type: 'manual', op: { op: 'moveUnit', unit, to: 'hex:1906' } } });
        await api.games.act({ gameId, action: { type: 'manual', op: { op: 'resolveTask', task: task.id } } });
        continue;
      }
      await api.games.placeRest({ gameId, side: status.sides[0] });
    }
    const { status, state } = await api.games.state({ gameId });
    expect(status.sides).toEqual(['axis']);
    const { actions, waiting } = await api.games.legalActions({ gameId, side: 'axis' });
    // Rail moves need no movement factor; moves over the map wait on the counters' factors, which the text does not give.
    expect(actions.some((a) => a.action.type === 'move')).toBe(true);
    const armor = waiting.find((w) => w.cite.pointer === '/unitTypes/armor/movement');
    expect(armor?.text).toMatch(/movement: the data has a gap/);
    expect(armor?.units.length).toBeGreaterThan(0);
    for (const id of armor!.units) expect(state.units[id].type).toBe('armor');
  });
});

/** A 2WW game between two random bots (seed 3), which stop at their cap with a bot to act. */
const botsGame = async (api: Api) => (await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3, bots: { axis: 'random', allies: 'random' } })).gameId;

describe('bots playing on', () => {
  it('play on past their cap and after an undo into their turn, saying why they stopped', async () => {
    const api = caller();
    const gameId = await botsGame(api);
    const first = await api.games.state({ gameId });
    // One request's bots stop at their cap: a bot is still to act.
    expect(first.logLength).toBe(BOT_ACTIONS_PER_TURN + 1);
    const on = await api.games.botsPlay({ gameId, expectedLogLength: first.logLength });
    expect(on).toMatchObject({ actions: BOT_ACTIONS_PER_TURN, halt: { kind: 'capped' } });
    const played = await api.games.state({ gameId });
    expect(played.logLength).toBe(first.logLength + BOT_ACTIONS_PER_TURN);
    // Undone into their turn, they make the same choices again (seeded by the position).
    const undone = await api.games.undo({ gameId, toLogLength: first.logLength });
    expect(undone.logLength).toBe(first.logLength);
    await api.games.botsPlay({ gameId });
    expect((await api.games.state({ gameId })).hash).toBe(played.hash);
    await expect(api.games.botsPlay({ gameId, expectedLogLength: first.logLength })).rejects.toMatchObject({ code: 'CONFLICT' });
    // Played out: to the victory check, without the whole game's events in the answer.
    const out = await api.games.botsPlay({ gameId, toEnd: true });
    expect(out).toMatchObject({ halt: { kind: 'over' }, events: [] });
    expect((await api.games.state({ gameId })).status.over).toBeTruthy();
    const { gameId: humans } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3 });
    await expect(api.games.botsPlay({ gameId: humans })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `Game ${humans} has no bots` });
  }, 120_000);
});

describe("a greedy bot's reasons", () => {
  it('are kept with each of its log entries, through a restart and a game file', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 4, bots: { axis: 'greedy', allies: 'greedy' } });
    const { entries } = await api.games.log({ gameId });
    const byBots = entries.slice(1);
    expect(byBots.length).toBe(BOT_ACTIONS_PER_TURN);
    // Every choice says why: placements while the set-up cannot end yet, then what it gained or moved toward.
    expect(byBots.filter((e) => !e.why)).toEqual([]);
    expect(byBots.some((e) => /^the step cannot end yet/.test(e.why!))).toBe(true);
    expect(byBots.some((e) => /victory standing|nearer a place/.test(e.why!))).toBe(true);
    const whys = entries.map((e) => e.why);
    // The play-by-play as text says them too, each before its action's events.
    const { lines } = await api.games.log({ gameId, from: entries.length - 1 });
    expect(lines[0]).toBe(`[bot] ${entries.at(-1)!.why}`);
    closeGames();
    expect((await api.games.log({ gameId })).entries.map((e) => e.why)).toEqual(whys);
    const copy = await api.games.import({ file: JSON.stringify(await api.games.export({ gameId })) });
    expect((await api.games.log({ gameId: copy.gameId })).entries.map((e) => e.why)).toEqual(whys);
  }, 120_000);
});

describe('who plays a side', () => {
  it('waits for the tester after an action made for a bot side, rather than letting the bots play hundreds more', async () => {
    const api = caller();
    const gameId = await botsGame(api);
    const first = await api.games.state({ gameId });
    expect(first.logLength).toBe(BOT_ACTIONS_PER_TURN + 1);
    const side = first.status.sides[0];
    expect(first.bots[side]).toBeTruthy();
    const { actions } = await api.games.legalActions({ gameId, side });
    const listed = actions.find((a) => a.action.type !== 'endStep') ?? actions[0];
    const acted = await api.games.act({ gameId, action: listed.action, expectedLogLength: first.logLength });
    expect(acted).toMatchObject({ ok: true, botsHeld: true, logLength: first.logLength + 1 });
    expect((await api.games.state({ gameId })).logLength).toBe(first.logLength + 1);
    // A manual change while only bots are to act holds them too; asked, they play on.
    const manual = await api.games.act({ gameId, action: { type: 'manual', op: { op: 'adjustResource', power: 'germany', resource: 'pp', by: 1 } } });
    expect(manual).toMatchObject({ ok: true, botsHeld: true, logLength: first.logLength + 2 });
    expect((await api.games.botsPlay({ gameId })).actions).toBe(BOT_ACTIONS_PER_TURN);
  }, 120_000);

  it('hands a side to a person or a bot at any time, stored with the game and listed, playing nothing by itself', async () => {
    const api = caller();
    const gameId = await botsGame(api);
    const { logLength, status } = await api.games.state({ gameId });
    const side = status.sides[0];
    const other = side === 'axis' ? 'allies' : 'axis';
    await expect(api.games.setPlayer({ gameId, side, player: 'person', expectedLogLength: logLength - 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(api.games.setPlayer({ gameId, side: 'neutrals', player: 'person' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('No side "neutrals"') });
    const set = await api.games.setPlayer({ gameId, side, player: 'person', expectedLogLength: logLength });
    expect(set.bots).toEqual({ [other]: 'random' });
    expect(set.playerChanges).toEqual([{ side, from: 'random', to: 'person', logLength, at: expect.any(String) }]);
    await api.games.setPlayer({ gameId, side: other, player: 'greedy' });
    // After a restart, as it was left: nobody played meanwhile, and the person is to act.
    closeGames();
    const after = await api.games.state({ gameId });
    expect(after).toMatchObject({ logLength, bots: { [other]: 'greedy' } });
    expect(after.playerChanges.map((c) => [c.side, c.from, c.to])).toEqual([[side, 'random', 'person'], [other, 'random', 'greedy']]);
    await expect(api.games.botsPlay({ gameId })).resolves.toMatchObject({ actions: 0, halt: { kind: 'human', sides: [side] } });
    // Back to a bot: it plays when asked.
    await api.games.setPlayer({ gameId, side, player: 'random' });
    expect((await api.games.botsPlay({ gameId })).actions).toBeGreaterThan(0);
    // The game file carries who played what.
    const { file } = { file: JSON.stringify(await api.games.export({ gameId })) };
    const imported = await api.games.import({ file });
    expect((await api.games.state({ gameId: imported.gameId })).playerChanges).toHaveLength(3);
  }, 120_000);

  it('refuses a bot for a side on a ruleset with gaps it would meet', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', seed: 1 });
    await expect(api.games.setPlayer({ gameId, side: 'allies', player: 'random' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/bot cannot adjudicate/) });
    expect((await api.games.state({ gameId })).bots).toEqual({});
  });
});

describe('the history of a long game', () => {
  it('shows each position as replaying its log from the start would, also after an undo and another course', async () => {
    const api = caller();
    const { games, revive } = await import('@/server/games');
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 5, bots: { axis: 'random', allies: 'random' } });
    await api.games.botsPlay({ gameId });
    const expected = async (at: number) => {
      const g = revive(games().store.get(gameId)!);
      return g.game.hash(g.game.undo(g.state, at));
    };
    for (const at of [450, 150, 201, 999, 1000, 1]) expect((await api.games.state({ gameId, at })).hash, `at ${at}`).toBe(await expected(at));
    // Undone to 300 and played on another way: the positions after 300 are the new course's.
    await api.games.undo({ gameId, toLogLength: 300 });
    expect(await api.games.act({ gameId, action: { type: 'manual', op: { op: 'adjustResource', power: 'germany', resource: 'pp', by: 1 } } })).toMatchObject({ ok: true, botsHeld: true });
    await api.games.botsPlay({ gameId });
    const { logLength } = await api.games.state({ gameId });
    expect(logLength).toBeGreaterThan(450);
    for (const at of [250, 450, logLength - 1]) expect((await api.games.state({ gameId, at })).hash, `at ${at} after the undo`).toBe(await expected(at));
  }, 120_000);
});

describe('games stored before seeds were mixed', () => {
  it('replay with the dice they were played with', async () => {
    const { games } = await import('@/server/games');
    const { createGame } = await import('@/engine/game');
    const { gameId } = await caller().games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 8 });
    const { record } = games().store.get(gameId)!;
    expect(record.options.seeding).toBe('mixed');
    // The same game as it was stored before: no seeding in its options, its dice seeded directly, a battle fought.
    const { seeding: _, ...options } = record.options;
    const created = createGame(record.ruleset, record.scenario, record.seed, { rulesetHash: record.rulesetHash, seeding: 'direct' });
    if (!created.ok) throw new Error(created.problems[0].message);
    const game = created.game;
    let s = game.initial;
    while (!s.log.some((e) => e.action.type === 'attack')) {
      const side = game.activeSides(s)[0];
      const listed = game.legalActions(s, side);
      const next = listed.find((a) => a.type === 'attack') ?? listed.find((a) => a.type !== 'move') ?? listed[0];
      const r = game.applyAction(s, next);
      if (!r.ok) throw new Error(r.refusal.message);
      s = r.state;
    }
    const oldId = `${gameId}-old`;
    games().store.create({ ...record, id: oldId, options }, s.log.map((e) => ({ action: e.action, ...(e.answers ? { answers: e.answers } : {}) })));
    closeGames();
    const revived = await caller().games.state({ gameId: oldId });
    expect(revived.logLength).toBe(s.log.length);
    expect(revived.hash).toBe(game.hash(s));
  });
});

describe('deleting a test game', () => {
  it('removes it and its log for good, and says so for one that is not there', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 12, bots: { allies: 'random' } });
    expect((await api.games.state({ gameId })).logLength).toBeGreaterThan(1);
    expect(await api.games.delete({ gameId })).toEqual({ deleted: gameId });
    await expect(api.games.state({ gameId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await api.games.list({ rulesetId: '2ww' })).games.map((g) => g.gameId)).not.toContain(gameId);
    const { games } = await import('@/server/games');
    expect(games().store.db.prepare('SELECT count(*) AS n FROM game_log WHERE game_id = ?').get(gameId)).toEqual({ n: 0 });
    closeGames();
    await expect(caller().games.state({ gameId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller().games.delete({ gameId })).rejects.toMatchObject({ code: 'NOT_FOUND', message: `No game "${gameId}"` });
  });
});

describe('games router errors', () => {
  it('NOT_FOUND for an unknown game', async () => {
    await expect(caller().games.state({ gameId: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller().games.act({ gameId: 'nope', action: { type: 'endStep', side: 'axis' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('BAD_REQUEST for path tricks', async () => {
    await expect(caller().games.create({ rulesetId: '../2ww' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller().games.create({ rulesetId: '2ww', documents: { '../../etc/passwd': '{}' } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('starts a scenario while another scenario of the drafts has errors, and refuses that one naming them', async () => {
    const setup = JSON.parse(readFileSync('rulesets/2ww/setup.json', 'utf8'));
    const broken = structuredClone(setup.scenarios.campaign);
    broken.name = 'Broken';
    broken.placements[0].unit = 'no-such-unit';
    setup.scenarios.broken = broken;
    const documents = { 'setup.json': JSON.stringify(setup, null, 2) };
    const { gameId } = await caller().games.create({ rulesetId: '2ww', scenarioId: 'campaign', documents });
    expect((await caller().games.state({ gameId })).scenarioId).toBe('campaign');
    await expect(caller().games.create({ rulesetId: '2ww', scenarioId: 'broken', documents })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^Ruleset "2ww" has 1 error; fix them before starting a game: 2ww\/setup\.json \/scenarios\/broken\/placements\/0\/unit:\d+: unknown unit "no-such-unit"/),
    });
  });

  it('refuses a scenario that starts after its end, naming the turns, rather than starting at "Turn 44 of 23"', async () => {
    const setup = JSON.parse(readFileSync('rulesets/2ww/setup.json', 'utf8'));
    setup.scenarios.late = { ...structuredClone(setup.scenarios.campaign), name: 'Late', start: { year: 1950, season: 'spring' } };
    const documents = { 'setup.json': JSON.stringify(setup, null, 2) };
    await expect(caller().games.create({ rulesetId: '2ww', scenarioId: 'late', documents })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^Ruleset "2ww" has 2 errors; fix them before starting a game: 2ww\/setup\.json \/scenarios\/late\/start:\d+: scenario "late" starts spring 1950 \(turn 43\), after its end, spring 1945 \(turn 23\); .*outside the ruleset's calendar \(autumn 1939 \(turn 1\) to spring 1945 \(turn 23\)\)$/),
    });
  });

  it('refuses a bot side on 2WW without the fill, listing gaps', async () => {
    const err = await caller().games.create({ rulesetId: '2ww', bots: { allies: 'random' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'BAD_REQUEST' });
    const message = (err as Error).message;
    expect(message).toMatch(/bot cannot adjudicate/);
    expect(message).toMatch(/\/unitTypes\//);
    expect(message).toMatch(/and \d+ more/);
  });

  it('lets a bot play its side after a human action', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 7, bots: { allies: 'random' } });
    const s = await api.games.state({ gameId });
    expect(s.bots).toEqual({ allies: 'random' });
    // Whoever the bots left to act is not a bot side (or the game waits on a person).
    for (const side of s.status.sides) expect(side).not.toBe('allies');
  });
});
