// Map projections a board may have been drawn in, named so the name alone rebuilds them:
// "conicConformal(15,35,55)" is d3-geo's geoConicConformal rotated to central meridian 15°E with standard
// parallels 35° and 55°. Output is at scale 1 with no translation; the fitted transform does the rest.
import { geoAzimuthalEqualArea, geoConicConformal, geoConicEqualArea, geoEquirectangular, geoMercator, type GeoProjection } from 'd3-geo';

export interface Projection {
  name: string;
  project(lon: number, lat: number): { x: number; y: number } | undefined;
  invert(x: number, y: number): { lon: number; lat: number } | undefined;
}

const FAMILIES: Record<string, { params: number; make: (p: number[]) => GeoProjection }> = {
  equirectangular: { params: 1, make: ([lon0]) => geoEquirectangular().rotate([-lon0, 0]) },
  mercator: { params: 1, make: ([lon0]) => geoMercator().rotate([-lon0, 0]) },
  conicConformal: { params: 3, make: ([lon0, p1, p2]) => geoConicConformal().rotate([-lon0, 0]).parallels([p1, p2]) },
  conicEqualArea: { params: 3, make: ([lon0, p1, p2]) => geoConicEqualArea().rotate([-lon0, 0]).parallels([p1, p2]) },
  azimuthalEqualArea: { params: 2, make: ([lon0, lat0]) => geoAzimuthalEqualArea().rotate([-lon0, -lat0]) },
};

const PROJECTION_FAMILIES = Object.keys(FAMILIES);

/** Builds a projection from its name; throws a readable error for a name it does not know. */
export function projectionFromName(name: string): Projection {
  const m = /^([A-Za-z]+)\(([-\d.,\s]*)\)$/.exec(name);
  const family = m && FAMILIES[m[1]];
  const params = m ? m[2].split(',').map(Number) : [];
  if (!family || params.length !== family.params || !params.every(Number.isFinite)) {
    throw new Error(`unknown projection "${name}": expected one of ${PROJECTION_FAMILIES.map((f) => `${f}(${FAMILIES[f].params === 1 ? 'lon0' : FAMILIES[f].params === 2 ? 'lon0,lat0' : 'lon0,parallel1,parallel2'})`).join(', ')}`);
  }
  const d3 = family.make(params).scale(1).translate([0, 0]).precision(0);
  return {
    name,
    project(lon, lat) {
      const p = d3([lon, lat]);
      return p && Number.isFinite(p[0]) && Number.isFinite(p[1]) ? { x: p[0], y: p[1] } : undefined;
    },
    invert(x, y) {
      const g = d3.invert?.([x, y]);
      return g && Number.isFinite(g[0]) && Number.isFinite(g[1]) ? { lon: g[0], lat: g[1] } : undefined;
    },
  };
}

/** One projection of each family, centred on the given points (lon/lat degrees). */
export function candidateProjections(points: readonly { lon: number; lat: number }[]): string[] {
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  const [lonMin, lonMax, latMin, latMax] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const lon0 = Math.round((lonMin + lonMax) / 2);
  const lat0 = Math.round((latMin + latMax) / 2);
  // The usual rule of thumb for a conic: standard parallels a sixth of the way in from each edge.
  const p1 = Math.round(latMin + (latMax - latMin) / 6);
  const p2 = Math.round(latMax - (latMax - latMin) / 6);
  const parallels = p1 === p2 ? [p1 - 1, p2 + 1] : [p1, p2];
  return [
    `equirectangular(${lon0})`,
    `mercator(${lon0})`,
    `conicConformal(${lon0},${parallels.join(',')})`,
    `conicEqualArea(${lon0},${parallels.join(',')})`,
    `azimuthalEqualArea(${lon0},${lat0})`,
  ];
}
