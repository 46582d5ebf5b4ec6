// What the ruleset's optional patch sets (a provisional fill) would give the hexes whose terrain its own data does
// not: the map editor shows the faithful ruleset, and says on such a hex which set fills it, and with what.
import { loadRuleset } from '@/engine';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import type { RulesetSource } from '@/engine/load/source';

/** The optional patch set (its title) that gives a hex its terrain, and the terrain. */
export interface TerrainFill {
  patchSet: string;
  terrain: string;
}

/** For each hex of `ruleset` (ruleset `id` of `source`, loaded with no optional patch set) without terrain, the first of its optional patch sets that gives it one. */
export function terrainFills(source: RulesetSource, id: string, ruleset: ResolvedRuleset): Record<string, TerrainFill> {
  const bare = Object.entries(ruleset.map?.hexes ?? {}).flatMap(([hex, h]) => (h.terrain ? [] : [hex]));
  const fills: Record<string, TerrainFill> = {};
  if (!bare.length) return fills;
  // Each set in a load of its own, as a test game would apply it alone (a variant's inherited fill too).
  for (const [name, set] of Object.entries(ruleset.optionalPatchSets ?? {})) {
    const hexes = loadRuleset(source, id, { optionalPatchSets: [name] }).ruleset?.map?.hexes ?? {};
    for (const hex of bare) {
      const terrain = hexes[hex]?.terrain;
      if (terrain && !fills[hex]) fills[hex] = { patchSet: set.title || name, terrain };
    }
  }
  return fills;
}
