// Country outlines for the map view's backdrop: only those near the board, with coordinates thinned
// to what a screen shows, so the page carries tens of kilobytes rather than the world at 1:50m.
import type { BBox, Ring } from '@/engine/map/raster';
import { naturalEarthCountries } from './naturalEarth';

export interface BackdropCountry {
  iso?: string;
  name: string;
  /** Polygons, each its outer ring then holes, as [lat, lon] pairs (Leaflet's order). */
  polygons: [number, number][][][];
}

export function backdrop(bbox: BBox, tolerance: number): BackdropCountry[] {
  const pad = Math.max(bbox.east - bbox.west, bbox.north - bbox.south) * 0.1;
  const near = { west: bbox.west - pad, south: bbox.south - pad, east: bbox.east + pad, north: bbox.north + pad };
  const out: BackdropCountry[] = [];
  for (const c of naturalEarthCountries()) {
    const polygons = c.polygons.filter((p) => overlaps(p[0], near)).map((p) => p.map((ring) => thin(unwrapped(ring), tolerance)).filter((r) => r.length >= 4));
    const kept = polygons.filter((p) => p.length > 0);
    if (kept.length) out.push({ iso: c.iso, name: c.name, polygons: kept });
  }
  return out;
}

/**
 * A ring that crosses the antimeridian and comes back (Russia's Chukotka, Fiji) with its longitudes made
 * continuous (beyond 180°), so that it is not drawn as a band across the whole map. A ring around a pole
 * (Antarctica), crossing once, is left as it is.
 */
function unwrapped(ring: Ring): Ring {
  let crossings = 0;
  for (let k = 1; k < ring.length; k++) if (Math.abs(ring[k][0] - ring[k - 1][0]) > 180) crossings++;
  if (crossings === 0 || crossings % 2 === 1) return ring;
  let shift = 0;
  return ring.map(([x, y], k) => {
    if (k > 0) {
      const step = x - ring[k - 1][0];
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return [x + shift, y] as const;
  });
}

/** Drops points closer than `tolerance` degrees to the last kept one; rounds to 0.01°. */
function thin(ring: Ring, tolerance: number): [number, number][] {
  const out: [number, number][] = [];
  let last: readonly [number, number] | undefined;
  for (const p of ring) {
    if (last && Math.abs(p[0] - last[0]) < tolerance && Math.abs(p[1] - last[1]) < tolerance) continue;
    out.push([Math.round(p[1] * 100) / 100, Math.round(p[0] * 100) / 100]);
    last = p;
  }
  return out;
}

function overlaps(ring: Ring, b: BBox): boolean {
  return ring.some(([x, y]) => x >= b.west && x <= b.east && y >= b.south && y <= b.north);
}
