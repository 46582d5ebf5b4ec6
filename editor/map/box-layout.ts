// Where the play map draws the off-map boxes: panels of one size in a strip outside the board, along the edge the
// data puts each box by (the map edge its entries lead to, else the edge nearest the hexes listed in it,
// else the south edge, said so), the parts of one box side by side; their units are drawn as a hex's are. Plain
// data, so it is tested without a map.
import type { ViewBox } from '@/server/geo/boxes';

export type Edge = 'west' | 'east' | 'north' | 'south';
/** South-west and north-east corners, as [lat, lon]. */
export type Corners = [[number, number], [number, number]];

export interface BoxPanel {
  box: ViewBox;
  edge: Edge;
  /** Why it is drawn there, for its tooltip. */
  why: string;
  corners: Corners;
}

export interface BoxGroup {
  /** The name the parts share, where the box has parts. */
  title?: string;
  corners: Corners;
  panels: BoxPanel[];
}

/**
 * In hexes (a hex's height at the board's middle): a panel's size, the gap around it, and the room for the name a box's
 * parts share. At 1280 × 720 a long name ("Atlantic box (land portion: the United States) · 4 units") wraps to three
 * lines at most, with room for its units under them (play.css).
 */
const WIDTH = 12;
const HEIGHT = 6;
const GAP = 0.6;
const TITLE = 1;
const EDGES: readonly string[] = ['west', 'east', 'north', 'south'];

interface Frame {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The boxes laid out around a board of `frame` whose hexes are `unit` degrees of latitude high; `centreOf` places
 * a listed hex. Each group of parts keeps the first listed part's place in its strip.
 */
export function layoutBoxes(boxes: readonly ViewBox[], frame: Frame, unit: number, centreOf: (hex: string) => [number, number] | undefined): BoxGroup[] {
  // Degrees of longitude as long on screen (Web Mercator) as one of latitude, at the board's middle.
  const middle = Math.cos((((frame.north + frame.south) / 2) * Math.PI) / 180);
  const wide = 1 / middle;
  // A panel's height in degrees from a latitude: nearer the equator than the board's middle, as many more as keep it as
  // tall on screen (Web Mercator draws a degree shorter there), so that a box south of the board has room too.
  const tall = (lat: number) => HEIGHT * unit * Math.max(1, Math.cos((lat * Math.PI) / 180) / middle);
  const groups = new Map<string, ViewBox[]>();
  for (const b of boxes) groups.get(b.group)?.push(b) ?? groups.set(b.group, [b]);
  const along: Record<Edge, number> = { west: frame.north - TITLE * unit, east: frame.north - TITLE * unit, north: frame.west, south: frame.west };
  return [...groups.values()].map((parts) => {
    const { edge, why } = placeOf(parts, frame, centreOf);
    const panels = parts.map((box): BoxPanel => {
      const start = along[edge];
      const corners = edge === 'west' || edge === 'east' ? vertical(edge, start) : horizontal(edge, start);
      along[edge] = edge === 'west' || edge === 'east' ? corners[0][0] : start + WIDTH * unit * wide;
      return { box, edge, why, corners };
    });
    along[edge] += (edge === 'west' || edge === 'east' ? -GAP : GAP * wide) * unit;
    const all = panels.flatMap((p) => p.corners);
    const corners: Corners = [
      [Math.min(...all.map((c) => c[0])), Math.min(...all.map((c) => c[1]))],
      [Math.max(...all.map((c) => c[0])), Math.max(...all.map((c) => c[1]))],
    ];
    return { ...(parts[0].title ? { title: parts[0].title } : {}), corners, panels };
  });

  function vertical(edge: 'west' | 'east', top: number): Corners {
    const near = edge === 'west' ? frame.west - GAP * unit * wide : frame.east + GAP * unit * wide;
    const far = edge === 'west' ? near - WIDTH * unit * wide : near + WIDTH * unit * wide;
    return [[top - tall(top), Math.min(near, far)], [top, Math.max(near, far)]];
  }
  function horizontal(edge: 'north' | 'south', left: number): Corners {
    const near = edge === 'south' ? frame.south - GAP * unit : frame.north + (GAP + TITLE) * unit;
    const far = edge === 'south' ? near - tall(near) : near + tall(near);
    return [[Math.min(near, far), left], [Math.max(near, far), left + WIDTH * unit * wide]];
  }
}

/** The edge a box (all its parts) is drawn along, and why. */
function placeOf(parts: readonly ViewBox[], frame: Frame, centreOf: (hex: string) => [number, number] | undefined): { edge: Edge; why: string } {
  const named = parts.flatMap((b) => b.edges).find((e): e is Edge => EDGES.includes(e));
  if (named) return { edge: named, why: `Drawn off the map's ${named} edge, which its entries lead to.` };
  const listed = parts.flatMap((b) => b.hexes);
  const at = listed.flatMap((h) => {
    const c = centreOf(h);
    return c ? [c] : [];
  });
  if (at.length) {
    const lat = at.reduce((s, c) => s + c[0], 0) / at.length;
    const lon = at.reduce((s, c) => s + c[1], 0) / at.length;
    const away: Record<Edge, number> = { west: lon - frame.west, east: frame.east - lon, north: frame.north - lat, south: lat - frame.south };
    const edge = (Object.keys(away) as Edge[]).reduce((a, b) => (away[b] < away[a] ? b : a));
    return { edge, why: `Drawn off the map's ${edge} edge, the nearest to the hexes listed in it (${listed.join(', ')}).` };
  }
  return { edge: 'south', why: "Set along the map's south edge: the data gives no map edge or hex it lies by." };
}
