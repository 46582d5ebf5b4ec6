// The new-ruleset template: the smallest ruleset a test game can be played on (two sides, a power and a unit
// each, a few turns, a movement and a combat model for the map's kind, production, a sequence, victory and a scenario),
// so that a designer reaches a first game by changing values, not by learning the shape first. No value in it
// comes from a rulebook: each record is marked provisional with a note saying it is the template's placeholder.
import type { DocumentKind } from './kinds';

export type MapKind = 'hex' | 'area';

const placeholder = (what: string) => ({ kind: 'provisional', note: `Template ${what}: a placeholder, replace it with the rulebook's.` });

/** The template's manifest entries besides its identity and documents. */
export function templateManifest(mapKind: MapKind): Record<string, unknown> {
  const movement =
    mapKind === 'hex'
      ? { model: 'hex-grid', terrainCosts: 'terrain', classes: { land: { allowance: 'movement' } }, source: placeholder('movement') }
      : { model: 'area-graph', terrainCosts: 'terrain', stopOnEnemy: true, classes: { land: { allowance: 'movement' } }, source: placeholder('movement') };
  // Fire-table is the engine's fullest model on hexes; per-unit dice fight where units share an area.
  const combat =
    mapKind === 'hex'
      ? { model: 'fire-table', table: 'fire', factor: 'attack', lossUnit: 'step', source: placeholder('combat') }
      : { model: 'per-unit-dice', attackFactor: 'attack', defenseFactor: 'defense', dieSides: 6, source: placeholder('combat') };
  return {
    calendar: { kind: 'numbered', turns: 4, source: placeholder('calendar') },
    dice: { count: 1, sides: 6, source: placeholder('dice') },
    sides: { 'side-a': { name: 'Side A', source: placeholder('side') }, 'side-b': { name: 'Side B', source: placeholder('side') } },
    powers: {
      'power-a': { name: 'Power A', kind: 'major', side: 'side-a', countries: ['country-a'], source: placeholder('power') },
      'power-b': { name: 'Power B', kind: 'major', side: 'side-b', countries: ['country-b'], source: placeholder('power') },
    },
    resources: { pp: { name: 'Production points', source: placeholder('resource') } },
    // Production, the model designers found hardest to assemble from its pieces: points from production places, spent on
    // the force pool's units at the costs table's prices, placed on those places (its phase in the sequence, its pools in the scenario).
    mechanics: {
      movement,
      combat: { land: combat },
      production: { model: 'points-from-places', resource: 'pp', placeKind: 'production', perPlace: 2, saving: false, costs: 'costs', source: placeholder('production') },
    },
  };
}

/** Hex numbers of a 4 × 3 grid, west half Power A's, east half Power B's. */
function hexes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let c = 1; c <= 4; c++) for (let r = 1; r <= 3; r++) out[`0${c}0${r}`] = { terrain: 'clear', country: c <= 2 ? 'country-a' : 'country-b' };
  return out;
}

// The board is put in the open Atlantic, where no coast suggests a geography the rulebook does not give.
const AT = { lat: 40, lon: -40 };

/**
 * Anchors where flat-topped hexes half a degree apart (even columns half a hex down) fall: the corners and two
 * inside, as many as the fit needs (five at least) for the play map to draw the grid.
 */
function anchors(): unknown[] {
  const spacing = 0.5;
  const at = (col: number, row: number) => ({
    lat: +(AT.lat - spacing * (row - 1 + (col % 2 === 0 ? 0.5 : 0))).toFixed(4),
    lon: +(AT.lon + (spacing * (col - 1) * Math.sqrt(3)) / 2 / Math.cos((AT.lat * Math.PI) / 180)).toFixed(4),
  });
  return [[1, 1], [4, 1], [1, 3], [4, 3], [2, 2], [3, 2]].map(([c, r]) => ({ hex: `0${c}0${r}`, name: 'Template anchor', at: at(c, r), source: placeholder('anchor') }));
}

/** Four areas in a ring, two each side. */
function areas(): Record<string, unknown> {
  const ring = { west: [0, -1.5], north: [1, 0], east: [0, 1.5], south: [-1, 0] };
  const ids = Object.keys(ring);
  const out: Record<string, unknown> = {};
  Object.entries(ring).forEach(([id, [lat, lon]], i) => {
    const adjacent = [ids[(i + 3) % 4], ids[(i + 1) % 4]];
    const country = id === 'west' || id === 'north' ? 'country-a' : 'country-b';
    out[id] = { name: `${id[0].toUpperCase()}${id.slice(1)}`, type: 'land', terrain: 'clear', country, adjacent, centroid: { lat: AT.lat + lat, lon: AT.lon + lon } };
  });
  return out;
}

/** The template's documents by kind (the manifest apart). */
export function templateDocuments(mapKind: MapKind): Partial<Record<DocumentKind, Record<string, unknown>>> {
  const hex = mapKind === 'hex';
  const at = (hexId: string, areaId: string) => (hex ? { hex: hexId } : { area: areaId });
  const tables: Record<string, unknown> = {
    costs: {
      title: 'Unit costs',
      rows: { name: 'unit type', kind: 'label', keys: ['infantry'] },
      columns: { name: 'cost', kind: 'label', keys: ['cost'] },
      cells: { infantry: { cost: 2 } },
      source: placeholder('costs table'),
    },
    terrain: {
      title: 'Terrain effects',
      rows: { name: 'terrain', kind: 'label', keys: ['clear'] },
      columns: { name: 'effect', kind: 'label', keys: ['cost'] },
      cells: { clear: { cost: 1 } },
      source: placeholder('terrain table'),
    },
  };
  if (hex) {
    tables.fire = {
      title: 'Fire table',
      description: 'Each side totals its strength and rolls a die; the cell is the loss points it inflicts.',
      rows: { name: 'die roll', kind: 'number', keys: ['1-2', '3-4', '5-6'] },
      columns: { name: 'strength', kind: 'number', keys: ['1-2', '3+'] },
      cells: { '1-2': { '1-2': 1, '3+': 2 }, '3-4': { '1-2': 0, '3+': 1 }, '5-6': { '1-2': 0, '3+': 0 } },
      offTable: 'clamp',
      source: placeholder('fire table'),
    };
  }
  const countries = {
    'country-a': { name: 'Country A', power: 'power-a', source: placeholder('country') },
    'country-b': { name: 'Country B', power: 'power-b', source: placeholder('country') },
  };
  const places = {
    objective: { name: 'Objective', kinds: ['production'], ...at('0401', 'east'), country: 'country-b', source: placeholder('place') },
    'home-a': { name: 'Home A', kinds: ['production'], ...at('0101', 'west'), country: 'country-a', source: placeholder('place') },
  };
  const map = hex
    ? {
        kind: 'hex',
        grid: { orientation: 'flat-top', columnDigits: 2, rowDigits: 2, columns: { first: 1, last: 4 }, rows: { first: 1, last: 3 }, offset: 'even-shifted-down' },
        terrain: { clear: { name: 'Clear', medium: 'land' } },
        countries,
        hexes: hexes(),
        places,
        georeference: { anchors: anchors() },
        source: placeholder('map'),
      }
    : { kind: 'area', terrain: { clear: { name: 'Clear', medium: 'land' } }, countries, areas: areas(), places, source: placeholder('map') };
  return {
    units: {
      unitTypes: { infantry: { name: 'Infantry', class: 'land', factors: { attack: 3, defense: 3 }, movement: 2, steps: 1, source: placeholder('unit type') } },
      roster: {
        'a-1': { name: 'A 1st Infantry', power: 'power-a', type: 'infantry', source: placeholder('unit') },
        'b-1': { name: 'B 1st Infantry', power: 'power-b', type: 'infantry', source: placeholder('unit') },
      },
    },
    tables: { tables },
    map: { map },
    setup: {
      scenarios: {
        opening: {
          name: 'Opening',
          start: { turn: 1 },
          placements: [
            { power: 'power-a', unit: 'a-1', location: at('0101', 'west') },
            { power: 'power-b', unit: 'b-1', location: at('0401', 'east') },
          ],
          forcePools: { 'power-a': [{ type: 'infantry', count: 2 }], 'power-b': [{ type: 'infantry', count: 2 }] },
          source: placeholder('scenario'),
        },
      },
    },
    sequence: {
      sequence: {
        phases: [
          {
            id: 'player-turn',
            name: 'Player turn',
            actor: 'each-side',
            order: ['side-a', 'side-b'],
            steps: [
              { id: 'movement', name: 'Movement', procedure: 'movement' },
              { id: 'combat', name: 'Combat', procedure: 'combat.land' },
            ],
            source: placeholder('turn sequence'),
          },
          {
            id: 'production-phase',
            name: 'Production',
            actor: 'each-power',
            order: ['power-a', 'power-b'],
            steps: [{ id: 'production', name: 'Buy units', procedure: 'production' }],
            source: placeholder('turn sequence'),
          },
        ],
      },
    },
    victory: {
      victory: {
        checks: [{ when: 'end-of-turn', endsGame: true, source: placeholder('victory check') }],
        levels: [
          { id: 'a-wins', name: 'Side A victory', side: 'side-a', condition: { op: 'controls', by: 'side-a', places: ['objective'] }, source: placeholder('victory level') },
          { id: 'b-wins', name: 'Side B victory', side: 'side-b', condition: { op: 'turn', cmp: '>=', turn: { turn: 4 } }, source: placeholder('victory level') },
        ],
      },
    },
    rules: { triggers: {}, specialRules: {}, constants: {} },
  };
}
