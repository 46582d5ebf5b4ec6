// Where a class of unit may stand by terrain alone: the terrains its class lists (`entersTerrain`), else
// land units off the sea and fleets off the land. Play reads it for every move and placement; validation,
// for the places a set-up puts units.
/** Why the terrain bars the class: not among those it enters, sea under a land unit, land under a fleet; undefined when it may stand there. */
export type TerrainBar = 'not-entered' | 'sea' | 'land';

export function terrainBar(cls: string, terrain: string | undefined, medium: string | undefined, entersTerrain: readonly string[] | undefined): TerrainBar | undefined {
  if (entersTerrain) return entersTerrain.includes(terrain ?? '') ? undefined : 'not-entered';
  if (cls === 'naval' && medium !== 'sea' && medium !== 'coastal') return 'land';
  if ((cls === 'land' || cls === 'fortification') && medium === 'sea') return 'sea';
  return undefined;
}
