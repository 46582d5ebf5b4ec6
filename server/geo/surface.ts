// What lies at each point of a region: sea, or land of some country, from Natural Earth.
import type { Surface } from '@/engine/map/classify';
import { rasterize, valueAt, type BBox, type CodedPolygon } from '@/engine/map/raster';
import { naturalEarthCountries } from './naturalEarth';

/** A raster of the region at `cell` degrees; codes are the countries' ISO numeric codes. */
export function naturalEarthSurface(bbox: BBox, cell: number): Surface {
  const countries = naturalEarthCountries();
  const codes = countries.map((c) => c.iso);
  const polygons: CodedPolygon[] = countries.flatMap((c, code) => c.polygons.map((rings) => ({ code, rings })));
  const raster = rasterize(polygons, bbox, cell);
  return { at: (lon, lat) => valueAt(raster, lon, lat), codes };
}
