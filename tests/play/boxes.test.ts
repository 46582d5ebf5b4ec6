import { describe, expect, it } from 'vitest';
import { layoutBoxes } from '@/editor/map/box-layout';
import { countersOf } from '@/editor/play/counters';
import { powerColors } from '@/editor/play/power-colors';
import { destinationsOf } from '@/editor/play/marks';
import type { Action } from '@/engine/game';
import { serverForTests } from '../games/server';

// The off-map boxes on the play map: each box of the game's map with what the data says of where it lies and
// which boxes are parts of one (games.map), laid out beside the board with the units in it, and a move into
// one listed for the unit selected as a move to a hex is.
const caller = await serverForTests();
const api = caller();

/** A 2WW game at the Allies' first movement, the set-up placed at random. */
async function alliedMovement() {
  const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3 });
  for (let i = 0; i < 10; i++) {
    const { status } = await api.games.state({ gameId });
    const [side] = status.sides;
    if (side === 'allies' && !status.unplaced.length && status.step) return gameId;
    if (status.unplaced.length) await api.games.placeRest({ gameId, side });
    else await api.games.act({ gameId, action: { type: 'endStep', side } });
  }
  throw new Error('no Allied movement');
}

const gameId = await alliedMovement();
const board = await api.games.map({ gameId });
if (board.kind !== 'hex') throw new Error('2WW has a hex map');
const FRAME = { south: 30, west: -10, north: 60, east: 40 };
const noHexes = () => undefined;

describe('the off-map boxes of a game’s map', () => {
  it('come with the map edges their entries lead to, and the Atlantic box’s parts as one box', () => {
    expect(board.boxes.map((b) => [b.id, b.edges, b.group, b.title, b.part])).toEqual([
      ['atlantic', ['west'], 'atlantic', 'Atlantic box', 'ocean portion'],
      ['atlantic-land', [], 'atlantic', 'Atlantic box', 'land portion: the United States'],
      ['capetown', ['west'], 'capetown', undefined, undefined],
      ['red-sea', [], 'red-sea', undefined, undefined],
      ['persian-gulf', [], 'persian-gulf', undefined, undefined],
    ]);
  });

  it('are laid out beside the board with the units in them, a box placed nowhere along the south edge, saying so', async () => {
    const listed = await api.games.legalActions({ gameId, side: 'allies' });
    const move = listed.actions.find((a) => (a.action as { to?: string }).to === 'box:atlantic')!;
    expect(move.label).toMatch(/→ Atlantic box \(ocean portion\)/);
    await api.games.act({ gameId, action: move.action as Action });
    const { state } = await api.games.state({ gameId });
    const snapshot = await api.games.ruleset({ gameId });
    const counters = countersOf(state, powerColors(snapshot), snapshot);
    const byLocation = new Map<string, typeof counters>();
    for (const c of counters) byLocation.set(c.at, [...(byLocation.get(c.at) ?? []), c]);

    const groups = layoutBoxes(board.boxes, FRAME, 1, noHexes);
    const panels = groups.flatMap((g) => g.panels);
    const atlantic = panels.find((p) => p.box.id === 'atlantic')!;
    // A panel's units are its location's counters, as a hex's are.
    const unitsIn = (id: string) => (byLocation.get(`box:${id}`) ?? []).map((c) => c.label);
    expect(unitsIn('atlantic')).toEqual([expect.stringMatching(/^Home Fleet/)]);
    expect(panels.filter((p) => p.box.id !== 'atlantic').flatMap((p) => unitsIn(p.box.id))).toEqual([]);
    // Off the west edge, north to south in the data's order; the parts of the Atlantic box framed together.
    expect(panels.filter((p) => p.edge === 'west').map((p) => p.box.id)).toEqual(['atlantic', 'atlantic-land', 'capetown']);
    expect(panels.filter((p) => p.edge === 'west').every((p) => p.corners[1][1] < FRAME.west)).toBe(true);
    expect(groups[0]).toMatchObject({ title: 'Atlantic box', corners: [[atlantic.corners[0][0] - 6, atlantic.corners[0][1]], atlantic.corners[1]] });
    const redSea = panels.find((p) => p.box.id === 'red-sea')!;
    expect(redSea).toMatchObject({ edge: 'south', why: expect.stringMatching(/^Set along the map's south edge: the data gives no map edge or hex/) });
    expect(redSea.corners[1][0]).toBeLessThan(FRAME.south);
  });

  it('are as tall on screen south of the board as at its middle, where Web Mercator draws a degree shorter', () => {
    const panels = layoutBoxes(board.boxes, FRAME, 1, noHexes).flatMap((g) => g.panels);
    // Web Mercator's y of a latitude, and a panel's height on screen in those units.
    const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    const onScreen = ({ corners: [[south], [north]] }: (typeof panels)[number]) => y(north) - y(south);
    const atMiddle = y(45 + 3) - y(45 - 3);
    const redSea = panels.find((p) => p.box.id === 'red-sea')!;
    expect(onScreen(redSea) / atMiddle).toBeCloseTo(1, 1);
    // North of the middle a panel keeps its height in degrees, taller on screen.
    const atlantic = panels.find((p) => p.box.id === 'atlantic')!;
    expect(atlantic.corners[1][0] - atlantic.corners[0][0]).toBeCloseTo(6);
  });

  it('go beside the edge nearest the hexes listed in a box that names no edge', () => {
    const box = { id: 'north-sea', name: 'North Sea', edges: [], hexes: ['0101'], group: 'north-sea' };
    const [group] = layoutBoxes([box], FRAME, 1, () => [59, 10]);
    expect(group.panels[0]).toMatchObject({ edge: 'north', why: expect.stringMatching(/nearest to the hexes listed in it \(0101\)/) });
  });

  it('are where a unit selected may go, as hexes are', async () => {
    const listed = await api.games.legalActions({ gameId, side: 'allies' });
    const gibraltar = destinationsOf(listed.actions, 'gb-gibraltar-fleet');
    expect([...gibraltar.keys()]).toEqual(expect.arrayContaining(['box:atlantic', 'box:capetown']));
  });
});
