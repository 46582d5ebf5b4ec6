import { describe, expect, it } from 'vitest';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import type { Action, GameState } from '@/engine/game';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, put, refusal, retreatingCombat, supportedCombat, withDice } from './play';

// Ridge board (flat-top, odd columns shifted down): 0101 borders 0102, 0201 and 0202; 0102 borders 0101,
// 0103, 0202 and 0203; 0104 (sea) borders 0103 and 0204 (sea). Sides wholly of one medium are hexside features
// that say so: an all-sea side no land unit crosses, an all-land side no fleet crosses.
type Side = [a: string, b: string, feature: 'channel' | 'isthmus'];
function withSides(sides: Side[], change?: (r: ResolvedRuleset) => void): ResolvedRuleset {
  const r = fixture('ridge');
  r.map!.features = {
    ...r.map!.features,
    channel: { name: 'All-sea hexside', on: 'hexside', medium: 'sea' },
    isthmus: { name: 'All-land hexside', on: 'hexside', medium: 'land' },
  };
  r.map!.hexsides = [...(r.map!.hexsides ?? []), ...sides.map(([a, b, feature]) => ({ between: [a, b] as [string, string], feature }))];
  change?.(r);
  return r;
}

/** Whether a Crimson unit set up alone at a hex is in supply when supply is first traced, with these sides. */
function suppliedAlone(unit: string, hex: string, sides: Side[]): boolean | undefined {
  const r = withSides(sides, (x) => {
    x.scenarios!.campaign.placements = [{ power: 'crimson', unit, location: { hex } }];
    x.scenarios!.campaign.reinforcements = [];
  });
  const game = newGame(r);
  let t: GameState = game.initial;
  while (!t.log.some((e) => eventsOf(e.events, 'supply').length)) t = act(game, t, { type: 'endStep', side: game.activeSides(t)[0] });
  return t.units[unit].supplied;
}

const atMovement = (r: ResolvedRuleset) => {
  const game = newGame(r);
  const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
  return { game, s: playTo(game, s, 'movement-step', 'red') };
};

describe('hexsides wholly of one medium', () => {
  it('bar land units from crossing an all-sea side, citing the feature, and route them around it', () => {
    const { game, s } = atMovement(withSides([['0101', '0201', 'channel']]));
    const r = refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201', path: ['hex:0201'] });
    expect(r).toMatchObject({ code: 'hexside', cite: { pointer: '/map/features/channel/medium' } });
    expect(r.message).toBe('land units may not cross the all-sea hexside between hex 0101 (Crimson City) and hex 0201');
    // Around it through 0202 (forest 2, then clear 1): the route listed and taken.
    const [moves] = game.legalListing(s, 'red', { movers: ['crimson-1'], routes: true }).moves;
    expect(moves.via![moves.to.indexOf('hex:0201')]).toEqual(['hex:0202']);
    const [move] = eventsOf(lastEvents(act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' })), 'move');
    expect(move).toMatchObject({ path: ['hex:0202', 'hex:0201'], cost: 3 });
  });

  it('name the hexsides among what bars every way, when a move farther off has none', () => {
    const { game, s } = atMovement(withSides([['0101', '0201', 'channel'], ['0101', '0102', 'channel'], ['0101', '0202', 'channel']]));
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0301' })).toMatchObject({ code: 'unreachable', message: '1st Crimson Foot cannot reach hex 0301: no way over the map leads there for land units (terrain they may not enter, hexsides they may not cross)' });
  });

  it('bar fleets from crossing an all-land side, and let land units cross it', () => {
    const { game, s } = atMovement(withSides([['0104', '0204', 'isthmus'], ['0101', '0201', 'isthmus']]));
    // No way round: a move there without a path is refused for the side, as the fleet stands beside it.
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0204' })).toMatchObject({ code: 'hexside', message: 'naval units may not cross the all-land hexside between hex 0104 and hex 0204', cite: { pointer: '/map/features/isthmus/medium' } });
    expect(game.legalListing(s, 'red', { movers: ['crimson-fleet'] }).moves).toEqual([]);
    const moved = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201', path: ['hex:0201'] });
    expect(eventsOf(lastEvents(moved), 'move')[0].cost).toBe(1);
  });

  it('keep rail movement from crossing an all-sea side', () => {
    // Rail from Crimson City reaches 0102, 0103, 0201, 0202 and 0301 (see the movement tests), 0103 only from 0102 (0203 is in a hostile zone): the sea between them leaves it out.
    const { game, s } = atMovement(withSides([['0102', '0103', 'channel']], (r) => Object.assign(r.mechanics!.movement!, { rail: { distance: 'unlimited', throughFriendlyOnly: true } })));
    expect([...game.legalListing(s, 'red', { movers: ['crimson-1'] }).moves[0].rail!].sort()).toEqual(['hex:0102', 'hex:0201', 'hex:0202', 'hex:0301']);
  });

  it('keep a zone of control from crossing a side its class could not cross', () => {
    // Azure's infantry at 0501 projects a zone into 0402: entering it costs 1 more (see the movement tests).
    const moveInto0402 = (r: ResolvedRuleset) => {
      const { game, s } = atMovement(r);
      let t = put(game, s, 'slate-militia', 'eliminated');
      t = put(game, t, 'crimson-2', 'hex:0301');
      return eventsOf(lastEvents(act(game, t, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0402', path: ['hex:0302', 'hex:0402'] })), 'move')[0];
    };
    expect(moveInto0402(withSides([])).text).toContain('zone of control');
    const across = moveInto0402(withSides([['0402', '0501', 'channel']]));
    expect(across.text).not.toContain('zone of control');
    // 0302 clear 1; 0402 forest 2 + river 1.
    expect(across.cost).toBe(4);
  });

  it('keep a supply line over land from crossing an all-sea side', () => {
    const supplied = (sides: Side[]) => suppliedAlone('crimson-1', '0102', sides);
    expect(supplied([])).toBe(true);
    // 0102 cut off by sea on every side: 0102 is all land, so no path by sea leaves it either.
    const cut: Side[] = [['0101', '0102', 'channel'], ['0102', '0103', 'channel'], ['0102', '0202', 'channel'], ['0102', '0203', 'channel']];
    expect(supplied(cut)).toBe(false);
    // An all-land side is no bar to a path over land.
    expect(supplied(cut.map(([a, b]) => [a, b, 'isthmus']))).toBe(true);
  });
});

describe('hexsides wholly of one medium, in battle', () => {
  const atCombat = (sides: Side[]) => {
    const r = withSides(sides, (x) => {
      x.scenarios!.campaign.placements = [['crimson-1', '0501'], ['crimson-2', '0402'], ['azure-2', '0502']].map(([unit, hex]) => ({ power: unit.split('-')[0], unit, location: { hex } }));
      supportedCombat(x);
      retreatingCombat(x);
    });
    const game = newGame(r, 1, { manualDice: true });
    return { game, s: playTo(game, game.initial, 'combat-step', 'red') };
  };

  it('keep land units from attacking or retreating across an all-sea side', () => {
    // As in the combat tests, red wins at 0502 and blue may retreat to 0503 or 0603; here the sea parts 0502 from 0603 and 0402.
    const { game, s } = atCombat([['0502', '0603', 'channel'], ['0402', '0502', 'channel']]);
    const both: Action = { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1', 'crimson-2'] };
    expect(refusal(game, s, both)).toMatchObject({ code: 'out-of-reach' });
    // Red 2, roll 1 → 1 point; blue 2, roll 6 → none. Left one place to retreat to, blue's unit goes there by itself.
    const t = withDice(game, s, { ...both, units: ['crimson-1'] }, [1, 6]);
    expect(t.units['azure-2']).toMatchObject({ at: 'hex:0503', stepsLost: 1 });
  });
});

describe('hexsides wholly of land, at sea', () => {
  it('keep a fleet\'s zone of control from reaching across an all-land side', () => {
    // An Azure fleet at 0404 projects a zone two hexes over the sea: 0304 and 0204 westward, 0504 and 0604 eastward
    // (the Slate militia, whose land zone reaches the sea beside it, is left out).
    const zones = (sides: Side[]) => {
      const r = withSides(sides, (x) => {
        x.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
        x.scenarios!.campaign.placements = x.scenarios!.campaign.placements.filter((p) => p.unit !== 'slate-militia');
        x.scenarios!.campaign.placements.push({ power: 'azure', unit: 'azure-fleet', location: { hex: '0404' } });
        x.mechanics!.zoc!.classes.naval = { reach: 2, intoTerrain: ['sea', 'coast'], throughTerrainOnly: true, affects: ['naval-movement'] };
      });
      const { game, s } = atMovement(r);
      return game.overview(s, 'red').zones.filter((at) => at.endsWith('04'));
    };
    expect(zones([])).toEqual(expect.arrayContaining(['hex:0204', 'hex:0304', 'hex:0504', 'hex:0604']));
    const parted = zones([['0304', '0404', 'isthmus']]);
    expect(parted).not.toContain('hex:0304');
    expect(parted).not.toContain('hex:0204');
    expect(parted).toContain('hex:0504');
  });

  it('keep a supply line by sea from crossing an all-land side', () => {
    // Crimson's fleet at 0204 traces by sea to Crimson Port (0103), a port where the line turns to land for Crimson City (0101).
    const supplied = (sides: Side[]) => suppliedAlone('crimson-fleet', '0204', sides);
    expect(supplied([])).toBe(true);
    expect(supplied([['0103', '0204', 'isthmus'], ['0104', '0204', 'isthmus']])).toBe(false);
    // An all-sea side is no bar to a line by sea.
    expect(supplied([['0103', '0204', 'channel'], ['0104', '0204', 'channel']])).toBe(true);
  });
});
