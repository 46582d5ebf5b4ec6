// The map: references to terrain, countries and hexes; hexsides between neighbours; symmetric adjacency; every area reachable.
import { joinPointer } from '../json/pointer';
import type { Grid } from '../generated/schema-types';
import { hexGrid } from '../game/hex';
import { checkHex, checkHexes, entries, items, strings, type LintContext } from './context';
import { isRecord } from '../json/record';
import { CAPITAL_KIND } from './place-kinds';

export function lintMap(ctx: LintContext) {
  const m = ctx.map;
  if (isRecord(m.grid)) lintGridRanges(ctx, m.grid);
  const hexes = isRecord(m.hexes) ? m.hexes : {};
  for (const [key, hex] of entries(hexes)) {
    const hp = joinPointer('/map/hexes', key);
    checkHex(ctx, hp, key);
    if (hex.terrain !== undefined) ctx.ref(`${hp}/terrain`, hex.terrain, ctx.terrain, 'terrain');
    if (hex.country !== undefined) ctx.ref(`${hp}/country`, hex.country, ctx.countries, 'country');
    ctx.refs(`${hp}/features`, hex.features, ctx.features, 'feature');
    strings(hex.features).forEach((f, i) => {
      if (featureOf(ctx, f)?.on === 'hexside') ctx.add(`${hp}/features/${i}`, 'error', 'bad-value', `feature "${f}" lies on hexsides, not in hexes: list it in map.hexsides`);
    });
  }
  for (const [id, f] of entries(m.features)) {
    if (f.on === 'hex' && f.medium !== undefined) ctx.add(`/map/features/${id}/medium`, 'warning', 'bad-value', `a medium says what a whole hexside is, and "${id}" lies in hexes: play ignores it`);
  }
  lintHexsides(ctx, hexes);
  for (const [id, country] of entries(m.countries)) {
    if (country.power !== undefined) ctx.ref(`/map/countries/${id}/power`, country.power, ctx.powers, 'power');
  }
  // A power's capital is the place it names: a place that only calls itself one is no power's.
  const capitals = new Set(entries(ctx.r.powers).flatMap(([, p]) => (typeof p.capital === 'string' ? [p.capital] : strings(p.capital))));
  for (const [id, place] of entries(m.places)) {
    const pp = `/map/places/${id}`;
    if (place.hex !== undefined) checkHex(ctx, `${pp}/hex`, place.hex);
    if (place.area !== undefined) ctx.ref(`${pp}/area`, place.area, ctx.areas, 'area');
    if (place.country !== undefined) ctx.ref(`${pp}/country`, place.country, ctx.countries, 'country');
    const kind = strings(place.kinds).indexOf(CAPITAL_KIND);
    if (kind >= 0 && !capitals.has(id)) ctx.add(`${pp}/kinds/${kind}`, 'warning', 'capital-unnamed', `"${id}" is of kind "${CAPITAL_KIND}", but no power names it its capital: play reads a power's capital from powers.<power>.capital`);
  }
  for (const [id, box] of entries(m.boxes)) {
    const bp = `/map/boxes/${id}`;
    ctx.refs(`${bp}/sides`, box.sides, ctx.sides, 'side');
    checkHexes(ctx, `${bp}/hexes`, box.hexes);
    items(box.entries).forEach((e, i) => {
      const from = typeof e.from === 'string' ? e.from : '';
      const [kind, name] = from.includes(':') ? [from.slice(0, from.indexOf(':')), from.slice(from.indexOf(':') + 1)] : [from, ''];
      const ep = `${bp}/entries/${i}/from`;
      if (kind === 'box') ctx.ref(ep, name, ctx.boxes, 'box');
      else if (kind === 'hex') checkHex(ctx, ep, name);
      else if (kind !== 'edge' && kind !== 'listed') ctx.add(ep, 'error', 'bad-value', `"${from}" must be edge:<name>, box:<id>, hex:<number> or listed`);
    });
  }
  const anchors = isRecord(m.georeference) ? items(m.georeference.anchors) : [];
  anchors.forEach((a, i) => {
    if (a.hex !== undefined) checkHex(ctx, `/map/georeference/anchors/${i}/hex`, a.hex);
    if (a.area !== undefined) ctx.ref(`/map/georeference/anchors/${i}/area`, a.area, ctx.areas, 'area');
    if (a.place !== undefined) ctx.ref(`/map/georeference/anchors/${i}/place`, a.place, ctx.places, 'place');
  });
  lintAreas(ctx);
}

/** A grid's columns and rows, each a range whose first number is not after its last (a grid numbered backwards is no grid). */
function lintGridRanges(ctx: LintContext, grid: Record<string, unknown>) {
  for (const key of ['columns', 'rows'] as const) {
    const range = grid[key];
    if (isRecord(range) && typeof range.first === 'number' && typeof range.last === 'number' && range.first > range.last) {
      ctx.add(`/map/grid/${key}`, 'error', 'bad-value', `the first of the ${key} (${range.first}) is after the last (${range.last}): give them lowest first, whichever way the map's numbers run`);
    }
  }
}

/** A feature the map declares, by id. */
function featureOf(ctx: LintContext, id: unknown): Record<string, unknown> | undefined {
  const feature = isRecord(ctx.map.features) && typeof id === 'string' && Object.hasOwn(ctx.map.features, id) ? ctx.map.features[id] : undefined;
  return isRecord(feature) ? feature : undefined;
}

/** Each hexside: two hexes of the grid that share a side, not both all sea, a feature that lies on hexsides, and no side both all sea and all land. */
function lintHexsides(ctx: LintContext, hexes: Record<string, unknown>) {
  const sides = items(ctx.map.hexsides);
  if (!sides.length) return;
  const g = ctx.map.grid;
  // Adjacency needs a grid the schema accepts; one it does not is reported there.
  const made = isRecord(g) && typeof g.orientation === 'string' && typeof g.offset === 'string' && Number.isInteger(g.columnDigits) && Number.isInteger(g.rowDigits) ? hexGrid(g as unknown as Grid, Object.keys(hexes)) : undefined;
  const grid = made && !('error' in made) ? made : undefined;
  const media = new Map<string, { medium: unknown; index: number }>();
  sides.forEach((side, i) => {
    const sp = `/map/hexsides/${i}`;
    checkHexes(ctx, `${sp}/between`, side.between);
    const [a, b] = strings(side.between);
    if (a !== undefined && a === b) ctx.add(`${sp}/between`, 'error', 'not-adjacent', `a hexside lies between two hexes, and ${a} is named twice`);
    else if (grid && a !== undefined && b !== undefined && Object.hasOwn(hexes, a) && Object.hasOwn(hexes, b) && !grid.neighbours(a).includes(b)) ctx.add(`${sp}/between`, 'error', 'not-adjacent', `hexes ${a} and ${b} share no side`);
    ctx.ref(`${sp}/feature`, side.feature, ctx.features, 'feature');
    const feature = featureOf(ctx, side.feature);
    if (feature?.on === 'hex') ctx.add(`${sp}/feature`, 'error', 'bad-value', `feature "${side.feature}" lies on hexes, not on hexsides`);
    if (a === undefined || b === undefined) return;
    const [ma, mb] = [a, b].map((h) => terrainMedium(ctx, hexes[h]));
    // Open sea has no sides to mark: a river, border or all-sea side between two all-sea hexes is a slip in a hex
    // number or in the terrain. (An all-land side there is at odds with its hexes, below.)
    const medium = feature?.medium;
    if (a !== b && ma === 'sea' && mb === 'sea' && medium !== 'land') {
      ctx.add(sp, 'warning', 'side-terrain', `a "${side.feature}" hexside between ${a} and ${b}, both all-sea hexes: most likely a hex number or a hex's terrain is mistyped`);
    }
    if (medium === undefined) return;
    const key = [a, b].sort().join('|');
    const other = media.get(key);
    if (other && other.medium !== medium) ctx.add(`${sp}/feature`, 'error', 'bad-value', `the side between ${a} and ${b} is all ${medium} here and all ${other.medium} at /map/hexsides/${other.index}: it cannot be both`);
    else media.set(key, { medium, index: i });
    // A side at odds with the hexes it bounds (a hex painted all sea after its sides were classified). Water the
    // bootstrap found between two hexes the game's terrain calls land is geography, not a slip: land units do not
    // cross it (a game whose coastal hexes are land, parted by a strait).
    const fromGeography = isRecord(side.source) && side.source.kind === 'bootstrap';
    const odd = medium === 'land' ? [a, b].find((_, j) => [ma, mb][j] === 'sea') : ma === 'land' && mb === 'land' && !fromGeography ? a : undefined;
    if (odd !== undefined) {
      const why = medium === 'land' ? `hex ${odd} is all sea: fleets could not leave it across this side` : `both hexes are all land: land units could not cross between them`;
      ctx.add(`${sp}/feature`, 'warning', 'side-terrain', `the all-${medium} side between ${a} and ${b} is at odds with its hexes' terrain (${why}); change the side or the terrain`);
    }
  });
}

/** The medium of a hex's terrain (land, sea or coastal), if the map says. */
function terrainMedium(ctx: LintContext, hex: unknown): unknown {
  const terrain = isRecord(hex) && typeof hex.terrain === 'string' && isRecord(ctx.map.terrain) ? ctx.map.terrain[hex.terrain] : undefined;
  return isRecord(terrain) ? terrain.medium : undefined;
}

function lintAreas(ctx: LintContext) {
  const areas = new Map(entries(ctx.map.areas));
  for (const [id, area] of areas) {
    const ap = `/map/areas/${id}`;
    if (area.terrain !== undefined) ctx.ref(`${ap}/terrain`, area.terrain, ctx.terrain, 'terrain');
    if (area.country !== undefined) ctx.ref(`${ap}/country`, area.country, ctx.countries, 'country');
    strings(area.notAdjacent).forEach((other, i) => {
      const pointer = `${ap}/notAdjacent/${i}`;
      if (!areas.has(other)) ctx.ref(pointer, other, ctx.areas, 'area');
      else if (strings(area.adjacent).includes(other) || strings(areas.get(other)!.adjacent).includes(id)) ctx.add(pointer, 'error', 'bad-value', `"${id}" and "${other}" are listed both as adjacent and as not adjacent`);
    });
    strings(area.adjacent).forEach((other, i) => {
      const pointer = `${ap}/adjacent/${i}`;
      if (other === id) return ctx.add(pointer, 'error', 'bad-value', `area "${id}" lists itself as adjacent`);
      const target = areas.get(other);
      if (!target) return ctx.ref(pointer, other, ctx.areas, 'area');
      if (!strings(target.adjacent).includes(id)) {
        ctx.add(pointer, 'error', 'asymmetric-adjacency', `"${id}" lists "${other}" as adjacent, but "${other}" does not list "${id}"`);
      }
    });
  }
  if (areas.size < 2) return;
  // Reachability over adjacency taken both ways, so one missing back-link is reported once, above, not twice.
  const links = new Map<string, Set<string>>([...areas.keys()].map((id) => [id, new Set<string>()]));
  for (const [id, area] of areas) {
    for (const other of strings(area.adjacent)) {
      if (!links.has(other)) continue;
      links.get(id)!.add(other);
      links.get(other)!.add(id);
    }
  }
  const components: string[][] = [];
  const seen = new Set<string>();
  for (const start of links.keys()) {
    if (seen.has(start)) continue;
    const component = [start];
    seen.add(start);
    for (let i = 0; i < component.length; i++) {
      for (const next of links.get(component[i])!) if (!seen.has(next)) seen.add(next), component.push(next);
    }
    components.push(component);
  }
  components.sort((a, b) => b.length - a.length);
  // A map that declares itself incomplete may hold fragments not yet joined: a warning, not an error.
  const severity = Array.isArray(ctx.map.gaps) && ctx.map.gaps.length ? 'warning' : 'error';
  // Beyond the largest part (every area, where none is adjacent to another yet), each area is cut off.
  for (const component of components[0]?.length === 1 ? components : components.slice(1)) {
    for (const id of component) {
      const alone = component.length === 1 ? 'it is adjacent to no other area' : `it connects only to ${component.filter((x) => x !== id).join(', ')}`;
      ctx.add(`/map/areas/${id}`, severity, 'unreachable', `area "${id}" cannot be reached from the rest of the map (${alone})`);
    }
  }
}
