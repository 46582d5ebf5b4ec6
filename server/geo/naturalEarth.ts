// Natural Earth country outlines (1:50m) from the world-atlas package: read from node_modules, never fetched.
import fs from 'node:fs';
import path from 'node:path';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Ring } from '@/engine/map/raster';
import { projectRoot } from '../paths';

export interface CountryShape {
  /** ISO 3166-1 numeric code; absent for the few territories Natural Earth gives none (Kosovo, N. Cyprus, …). */
  iso?: string;
  name: string;
  /** Each polygon is its outer ring then its holes, [lon, lat]. */
  polygons: Ring[][];
  /** The landmass of each polygon: polygons sharing a border are one landmass, so an island is one of its own. */
  landmasses: number[];
}

const FILE = 'countries-50m.json';
let cached: CountryShape[] | undefined;

export function naturalEarthCountries(): CountryShape[] {
  if (cached) return cached;
  const file = path.join(/*turbopackIgnore: true*/ projectRoot(), 'node_modules', 'world-atlas', FILE);
  let topology: Topology<{ countries: GeometryCollection<{ name: string }> }>;
  try {
    topology = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read Natural Earth data at ${file} (npm install world-atlas): ${(err as Error).message}`);
  }
  const collection = feature(topology, topology.objects.countries);
  const landmasses = landmassesOf(topology.objects.countries.geometries);
  cached = collection.features.flatMap((f, i) => {
    const g = f.geometry as Polygon | MultiPolygon | null;
    if (!g) return [];
    const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as unknown as Ring[][];
    return [{ iso: typeof f.id === 'string' ? f.id : undefined, name: f.properties?.name ?? '', polygons, landmasses: landmasses[i] }];
  });
  return cached;
}

/**
 * The landmass of each polygon of each geometry, in the order `feature` gives them: the topology's polygons
 * that share an arc (a border between two countries, or within one) are joined, so what stays apart is
 * land that only the sea parts. Read from the shared arcs, not from a raster, so a narrow isthmus holds.
 */
function landmassesOf(geometries: GeometryCollection['geometries']): number[][] {
  const parent: number[] = [];
  const root = (p: number): number => (parent[p] === p ? p : (parent[p] = root(parent[p])));
  const ownerOfArc = new Map<number, number>();
  const polygonsOf = geometries.map((g) => {
    const parts = g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? g.arcs : [];
    return parts.map((rings) => {
      const p = parent.push(parent.length) - 1;
      for (const ring of rings) {
        for (const a of ring) {
          const arc = a < 0 ? ~a : a;
          const other = ownerOfArc.get(arc);
          if (other === undefined) ownerOfArc.set(arc, p);
          else parent[root(p)] = root(other);
        }
      }
      return p;
    });
  });
  return polygonsOf.map((ps) => ps.map(root));
}
