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
  cached = collection.features.flatMap((f) => {
    const g = f.geometry as Polygon | MultiPolygon | null;
    if (!g) return [];
    const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as unknown as Ring[][];
    return [{ iso: typeof f.id === 'string' ? f.id : undefined, name: f.properties?.name ?? '', polygons }];
  });
  return cached;
}
