// What lies at each point of a region: sea, or land of some country, from Natural Earth.
import type { Surface } from '@/engine/map/classify';
import { rasterize, valueAt, type BBox, type CodedPolygon } from '@/engine/map/raster';
import { naturalEarthCountries } from './naturalEarth';

/** A raster of the region at `cell` degrees, coded by polygon: each code's country (ISO numeric code) and landmass. */
export function naturalEarthSurface(bbox: BBox, cell: number): Surface {
  const codes: (string | undefined)[] = [];
  const landmasses: number[] = [];
  const polygons: CodedPolygon[] = naturalEarthCountries().flatMap((c) =>
    c.polygons.map((rings, k) => {
      landmasses.push(c.landmasses[k]);
      return { code: codes.push(c.iso) - 1, rings };
    }),
  );
  const raster = rasterize(polygons, bbox, cell);
  return { at: (lon, lat) => valueAt(raster, lon, lat), codes, landmasses };
}
