// A ruleset made by "New ruleset…" is one a test game can be played on at once, for either kind of map.
import { describe, expect, it } from 'vitest';
import type { PlayerAction } from '@/engine/game';
import { completeness } from '@/engine';
import { skeletonText } from '@/engine/schema/skeletons';
import { appRouter } from '@/server/router';
import { fixtureCopy } from './tempCopy';

fixtureCopy();
const caller = appRouter.createCaller({});

describe('the new-ruleset template', () => {
  for (const mapKind of ['hex', 'area'] as const) {
    it(`loads with no findings, and a game of it moves and fights (${mapKind} map)`, async () => {
      const id = `fresh-${mapKind}`;
      await caller.authoring.createRuleset({ id, title: `Fresh ${mapKind}`, mapKind });
      const got = await caller.rulesets.get({ id });
      expect(got.diagnostics).toEqual([]);
      // Every value is the template's placeholder, and says so.
      expect(got.ruleset!.sides!['side-a'].source).toMatchObject({ kind: 'provisional', note: expect.stringContaining('placeholder') });
      const { total } = completeness(got.ruleset!);
      expect(total).toMatchObject({ rulebook: 0, example: 0, inference: 0, unmarked: 0, gap: 0 });

      const { gameId } = await caller.games.create({ rulesetId: id, seed: 1 });
      // The play page can draw its map: the grid has its anchors, the areas their positions.
      const board = await caller.games.map({ gameId });
      expect(board.kind).toBe(mapKind);
      if (board.kind === 'area') expect(board.view.areas.every((a) => a.at)).toBe(true);
      const legal = async () => (await caller.games.legalActions({ gameId, side: 'side-a' })).actions.map((a) => a.action as PlayerAction);
      // Side A's unit moves beside Side B's (on areas, into its area), then attacks it.
      const to = mapKind === 'hex' ? 'hex:0301' : 'area:east';
      const move = (await legal()).find((a) => a.type === 'move' && a.to === to);
      expect(move).toBeDefined();
      expect((await caller.games.act({ gameId, action: move! })).ok).toBe(true);
      let attack: PlayerAction | undefined;
      for (let i = 0; i < 3 && !attack; i++) {
        attack = (await legal()).find((a) => a.type === 'attack');
        if (!attack) expect((await caller.games.act({ gameId, action: (await legal()).find((a) => a.type === 'endStep')! })).ok).toBe(true);
      }
      expect(attack).toBeDefined();
      const fought = await caller.games.act({ gameId, action: attack! });
      // Fought by the engine, with no question for the tester.
      expect(fought).toMatchObject({ ok: true, question: undefined });
      if (fought.ok) expect(fought.events.map((e) => e.kind)).toContain('battle');
      // Production, as the turn ends: Power A earns its home's 2 points and buys an infantry from its pool, placed there.
      let buy: PlayerAction | undefined;
      for (let i = 0; i < 12 && !buy; i++) {
        const { status } = await caller.games.state({ gameId });
        const side = status.sides[0];
        const listed = (await caller.games.legalActions({ gameId, side })).actions.map((a) => a.action as PlayerAction);
        buy = side === 'side-a' ? listed.find((a) => a.type === 'buy') : undefined;
        const next = listed.find((a) => a.type === 'endStep') ?? listed.find((a) => a.type === 'allocate' || a.type === 'retreat' || a.type === 'endAdvance');
        if (!buy) expect((await caller.games.act({ gameId, action: next! })).ok).toBe(true);
      }
      expect(buy).toMatchObject({ type: 'buy', at: mapKind === 'hex' ? 'hex:0101' : 'area:west' });
      const bought = await caller.games.act({ gameId, action: buy! });
      expect(bought.ok && bought.events.map((e) => e.text)).toEqual(expect.arrayContaining([expect.stringMatching(/^Power A buys Infantry .* for 2 pp/)]));
    });
  }

  it("makes the sequence skeleton a phase with a step to play", () => {
    const { sequence } = JSON.parse(skeletonText('sequence', 'sequence.json', '../schemas'));
    expect(sequence.phases[0].steps).toEqual([expect.objectContaining({ procedure: 'manual', source: expect.objectContaining({ kind: 'provisional' }) })]);
  });
});
