import { describe, expect, it } from 'vitest';
import { createGame } from '@/engine/game';
import { fixture, loadFixture } from './play';

describe('engine fixtures', () => {
  it.each(['ridge', 'isles'])('%s loads without a diagnostic (isles, which plays movement and combat, but for its want of victory levels), and resolves to what the tests play', (id) => {
    const loaded = loadFixture(id);
    expect(loaded.diagnostics.map((d) => [d.code, d.document])).toEqual(id === 'isles' ? [['no-victory', 'isles/ruleset.json']] : []);
    expect(loaded.ruleset).toEqual(fixture(id));
  });

  it.each(['ridge', 'isles'])('%s names no real game, place or power', (id) => {
    expect(JSON.stringify(fixture(id))).not.toMatch(/germany|moscow|axis|allies|soviet|britain|france|berlin|london/i);
  });

  it('refuse to become a game when the scenario or the grid is missing', () => {
    expect(createGame(fixture('ridge'), 'nope', 1)).toMatchObject({ ok: false, problems: [{ code: 'not-playable', cite: { pointer: '/scenarios' } }] });
    const r = fixture('ridge');
    delete r.map!.grid!.offset;
    expect(createGame(r, 'campaign', 1)).toMatchObject({ ok: false, problems: [{ message: 'the grid gives no offset, so hex adjacency is unknown', cite: { pointer: '/map/grid/offset' } }] });
    const bad = fixture('ridge');
    bad.scenarios!.campaign.placements.push({ power: 'crimson', unit: 'crimson-1', location: { hex: '0102' } });
    expect(createGame(bad, 'campaign', 1)).toMatchObject({ ok: false, problems: [{ code: 'bad-setup', message: 'unit "crimson-1" is already in play', cite: { pointer: '/scenarios/campaign/placements/7' } }] });
    expect(createGame(fixture('ridge'), 'campaign', 1.5)).toMatchObject({ ok: false, problems: [{ code: 'bad-seed' }] });
  });

  it('take the loader\'s content hash as the ruleset hash when given one', () => {
    const loaded = loadFixture('ridge');
    const created = createGame(loaded.ruleset!, 'campaign', 1, { rulesetHash: loaded.hash });
    expect(created.ok && created.game.initial.rulesetHash).toBe(loaded.hash);
  });
});
