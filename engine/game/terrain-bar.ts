// Where a class of unit may stand by terrain alone: the terrains its class lists (`entersTerrain`), else
// land units off the sea and fleets off the land; and the hexsides it never crosses, all-sea ones for
// land units and all-land ones for fleets. Play reads it for every move and placement; validation, for
// the places a set-up puts units.
/** Why the terrain bars the class: not among those it enters, sea under a land unit, land under a fleet; undefined when it may stand there. */
export type TerrainBar = 'not-entered' | 'sea' | 'land';

export function terrainBar(cls: string, terrain: string | undefined, medium: string | undefined, entersTerrain: readonly string[] | undefined): TerrainBar | undefined {
  if (entersTerrain) return entersTerrain.includes(terrain ?? '') ? undefined : 'not-entered';
  if (cls === 'naval' && medium !== 'sea' && medium !== 'coastal') return 'land';
  if ((cls === 'land' || cls === 'fortification') && medium === 'sea') return 'sea';
  return undefined;
}

/** The medium of hexside a class never crosses (nor does its zone of control): sea for land units and forts, land for fleets; none for air. */
export function sideBar(cls: string): 'land' | 'sea' | undefined {
  if (cls === 'naval') return 'land';
  if (cls === 'land' || cls === 'fortification') return 'sea';
  return undefined;
}
