// bootstrap-map on an area map: place each named area at its geography, propose adjacencies, and
// (when asked) write the missing positions and the accepted adjacencies into the documents that define
// the areas. Never replaces a position or adjacency that is there.
import { loadRuleset } from '@/engine';
import type { Map as GameMap } from '@/engine/generated/schema-types';
import { joinPointer } from '@/engine/json/pointer';
import { fsSource } from '@/engine/load/fs-source';
import { adjacencyCandidates, placeAreas, type AdjacencyCandidate, type PlacedArea } from '@/engine/map/areas';
import { setListed, setCentroid } from '@/engine/map/edit';
import { BootstrapError } from './bootstrap';
import { naturalEarthSurface } from './surface';

export interface AreaBootstrapResult {
  placed: PlacedArea[];
  unplaced: string[];
  candidates: AdjacencyCandidate[];
  /** New texts of the documents changed, by path inside the ruleset. */
  changed: Map<string, string>;
}

/** `accept` lists area pairs the designer accepts; `write` also stores positions found from anchors or places. */
export function bootstrapAreas(root: string, id: string, options: { accept?: [string, string][]; write?: boolean } = {}): AreaBootstrapResult {
  const source = fsSource(root);
  const loaded = loadRuleset(source, id);
  const map = loaded.ruleset?.map as GameMap | undefined;
  if (!map || map.kind !== 'area') throw new BootstrapError(`${id} has no area map`);
  const areas = map.areas ?? {};
  const { placed, unplaced } = placeAreas(map);
  const surface = placed.length ? naturalEarthSurface(boxAround(placed), 0.05) : undefined;
  const candidates = adjacencyCandidates(placed, areas, surface);

  const texts = new Map<string, string>();
  const edit = (pointer: string, change: (text: string, at: string) => string) => {
    const origin = loaded.origins.find(pointer);
    const path = origin?.document.startsWith(`${id}/`) ? origin.document.slice(id.length + 1) : undefined;
    if (!origin || !path) throw new BootstrapError(`${pointer} is not defined in ${id}'s own documents, so it cannot be changed here`);
    const current = texts.get(path) ?? readText(source, id, path);
    texts.set(path, change(current, origin.pointer));
  };
  if (options.write) {
    for (const p of placed) {
      if (p.from === 'centroid') continue;
      edit(joinPointer('/map/areas', p.id, 'centroid'), (text, at) => setCentroid(text, at, p.at));
    }
  }
  for (const [a, b] of options.accept ?? []) {
    for (const [from, to] of [[a, b], [b, a]]) {
      if (!areas[from]) throw new BootstrapError(`--accept ${a}:${b}: no area "${from}"`);
      if (areas[from].adjacent?.includes(to)) continue;
      edit(joinPointer('/map/areas', from, 'adjacent'), (text, at) => setListed(text, at, to, true));
    }
  }
  return { placed, unplaced, candidates, changed: texts };
}

function readText(source: ReturnType<typeof fsSource>, id: string, path: string): string {
  const r = source.read(id, path);
  if (r.kind !== 'text') throw new BootstrapError(`cannot read ${id}/${path}`);
  return r.text;
}

function boxAround(placed: PlacedArea[]) {
  const lons = placed.map((p) => p.at.lon);
  const lats = placed.map((p) => p.at.lat);
  return { west: Math.min(...lons) - 2, east: Math.max(...lons) + 2, south: Math.min(...lats) - 2, north: Math.max(...lats) + 2 };
}
