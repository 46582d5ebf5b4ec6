// The board's links as numbers: each location an index, each link an edge, so that a route search
// reads arrays rather than looking locations up by name at every step. Built once per compiled rules.
import { kept, type Link, type Rules } from './rules';
import type { LocKey } from './state';
import { sideBar } from './terrain-bar';

/**
 * A class rather than an object literal: a literal made once per compile gets its boilerplate the second
 * time, and that widens its fields' types, throwing away all the optimized code that reads a graph.
 */
export class Graph {
  constructor(
    /** Location of each index. */
    readonly keys: LocKey[],
    readonly index: Map<LocKey, number>,
    /** Edges of location i are first[i] … first[i + 1] - 1. */
    readonly first: Int32Array,
    /** Where each edge leads, and the link it is. */
    readonly to: Int32Array,
    readonly link: Link[],
    /** 1 where the edge is a box entry (which supply and zones of control do not cross). */
    readonly entry: Uint8Array,
    /** 1 for a box, 2 for an area, 0 for a hex. */
    readonly kind: Uint8Array,
    /** What the hexside an edge crosses is wholly made of: LAND_SIDE, SEA_SIDE, or 0 for any other. */
    readonly side: Uint8Array,
  ) {}
}

export const LAND_SIDE = 1;
export const SEA_SIDE = 2;
/** A hexside's medium as Graph.side marks it; 0 for none. */
const sideCode = (medium: 'land' | 'sea' | undefined): number => (medium === 'land' ? LAND_SIDE : medium === 'sea' ? SEA_SIDE : 0);
/** The edges a class never crosses, as Graph.side marks them (sideBar); 0 when it crosses every side. */
export const barredSide = (cls: string): number => sideCode(sideBar(cls));

export const BOX = 1;
export const AREA = 2;
export const locKind = (at: LocKey) => (at.startsWith('box:') ? BOX : at.startsWith('area:') ? AREA : 0);

/** The board's graph: every location of the board (each with an index, linked or not) and the links between them. */
export const graphOf = (rules: Rules): Graph => kept(rules, 'graph', buildGraph);

function buildGraph(rules: Rules): Graph {
  const keys: LocKey[] = [];
  const index = new Map<LocKey, number>();
  const add = (at: LocKey) => {
    if (!index.has(at)) index.set(at, keys.push(at) - 1);
  };
  boardLocations(rules).forEach(add);
  for (const [from, links] of rules.links) {
    add(from);
    for (const l of links) add(l.to);
  }
  const first = new Int32Array(keys.length + 1);
  const to: number[] = [];
  const link: Link[] = [];
  const side: number[] = [];
  keys.forEach((at, i) => {
    first[i] = to.length;
    for (const l of rules.links.get(at) ?? []) {
      to.push(index.get(l.to)!);
      link.push(l);
      side.push(sideCode(rules.sideMedium(at, l.to)?.medium));
    }
  });
  first[keys.length] = to.length;
  const kind = Uint8Array.from(keys, locKind);
  return new Graph(keys, index, first, Int32Array.from(to), link, Uint8Array.from(link, (l) => (l.entry ? 1 : 0)), kind, Uint8Array.from(side));
}

/** The edge from one location to another, or -1 when they are not linked. */
export function edgeBetween(g: Graph, from: number, to: number): number {
  for (let e = g.first[from]; e < g.first[from + 1]; e++) if (g.to[e] === to) return e;
  return -1;
}

/**
 * The locations beside one on the board itself (not through box entries, nor across a hexside of the
 * `barred` kind, Graph.side, when one is given), by index, in the order of its links.
 */
export function beside(g: Graph, i: number, barred = 0): number[] {
  const out: number[] = [];
  for (let e = g.first[i]; e < g.first[i + 1]; e++) if (g.entry[e] === 0 && (barred === 0 || g.side[e] !== barred)) out.push(g.to[e]);
  return out;
}

/** Where a box's entries lead: the locations a unit leaving the box reaches first. */
function exits(g: Graph, i: number): number[] {
  const out: number[] = [];
  for (let e = g.first[i]; e < g.first[i + 1]; e++) if (g.entry[e] === 1) out.push(g.to[e]);
  return out;
}

/**
 * The locations nearest `start` (itself first, then ring by ring beside it, entering only those `enters`
 * accepts, across no hexside of the `barred` kind) that `goal` accepts: all those of the first ring holding any, in the order the search meets
 * them; none when none is within reach. A search from a box leaves it by its entries, then keeps to the board.
 */
export function nearest(g: Graph, start: number, enters: (i: number) => boolean, goal: (i: number) => boolean, barred = 0, prev?: Int32Array): number[] {
  const seen = new Uint8Array(g.keys.length);
  seen[start] = 1;
  for (let ring = [start]; ring.length; ) {
    const found = ring.filter(goal);
    if (found.length) return found;
    const next: number[] = [];
    for (const i of ring) {
      for (const j of i === start && g.kind[i] === BOX ? exits(g, i) : beside(g, i, barred)) {
        if (seen[j] || ((seen[j] = 1), !enters(j))) continue;
        next.push(j);
        if (prev) prev[j] = i;
      }
    }
    ring = next;
  }
  return [];
}

/** The locations a search by `nearest` (given its `prev`) went through from its start to `end`, the start left out, the end included. */
export function pathBack(prev: Int32Array, start: number, end: number): number[] {
  const path: number[] = [];
  for (let at = end; at !== start && at >= 0; at = prev[at]) path.unshift(at);
  return path;
}

/** Steps to every location from the nearest of some (by index) over the board's own adjacency (not through boxes), by index; -1 where none leads. */
export function stepsFrom(g: Graph, starts: readonly number[]): Int32Array {
  const steps = new Int32Array(g.keys.length).fill(-1);
  // One queue, taken a ring at a time (bots measure the board often: no list is made per location).
  const queue = new Int32Array(g.keys.length);
  let tail = 0;
  for (const i of starts) if (steps[i] < 0) (steps[i] = 0), (queue[tail++] = i);
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    for (let e = g.first[i]; e < g.first[i + 1]; e++) {
      const j = g.to[e];
      if (g.entry[e] === 0 && steps[j] < 0) (steps[j] = steps[i] + 1), (queue[tail++] = j);
    }
  }
  return steps;
}

/** The start (by index) that a location's steps from some (stepsFrom) lead back to: one of the nearest; undefined where none leads. */
export function startOf(g: Graph, steps: Int32Array, from: number): number | undefined {
  let i = from;
  if (!(steps[i] >= 0)) return undefined;
  while (steps[i] > 0) {
    for (let e = g.first[i]; e < g.first[i + 1]; e++) {
      if (g.entry[e] === 0 && steps[g.to[e]] === steps[i] - 1) {
        i = g.to[e];
        break;
      }
    }
  }
  return i;
}

/**
 * Steps to every location from the nearest of some (by index, as stepsFrom), which of them that is, and steps from the
 * nearest other one: what stepsFrom would give were the nearest not among them (−1 where none leads).
 */
export function nearestTwo(g: Graph, starts: readonly number[]): { first: Int32Array; from: Int32Array; second: Int32Array } {
  const n = g.keys.length;
  const first = new Int32Array(n).fill(-1);
  const from = new Int32Array(n).fill(-1);
  const second = new Int32Array(n).fill(-1);
  // Each location is reached from two starts at most, the nearest first: the queue holds (location, start) pairs.
  const at = new Int32Array(2 * n);
  const start = new Int32Array(2 * n);
  let tail = 0;
  for (const i of starts) if (from[i] < 0) (first[i] = 0), (from[i] = i), (at[tail] = i), (start[tail++] = i);
  for (let head = 0; head < tail; head++) {
    const i = at[head];
    const s = start[head];
    const d = (from[i] === s ? first[i] : second[i]) + 1;
    for (let e = g.first[i]; e < g.first[i + 1]; e++) {
      const j = g.to[e];
      if (g.entry[e] !== 0) continue;
      if (from[j] < 0) (first[j] = d), (from[j] = s);
      else if (second[j] < 0 && from[j] !== s) second[j] = d;
      else continue;
      (at[tail] = j), (start[tail++] = s);
    }
  }
  return { first, from, second };
}

/**
 * Locations at most `reach` steps away over the board's own adjacency (not through boxes, only through
 * locations `passable` accepts, and across no hexside of the `barred` kind), by index, nearest first.
 */
export function within(g: Graph, from: number, reach: number, passable?: (i: number) => boolean, barred = 0): number[] {
  const seen = new Set([from]);
  let ring = [from];
  for (let d = 0; d < reach; d++) {
    const next: number[] = [];
    for (const i of ring) {
      for (const j of beside(g, i, barred)) {
        if (seen.has(j) || (passable && !passable(j))) continue;
        seen.add(j);
        next.push(j);
      }
    }
    ring = next;
  }
  return [...seen];
}

/** 1 at the index of each of the locations (those off the board's graph are left out). */
export function marks(g: Graph, locations: Iterable<LocKey>): Uint8Array {
  const out = new Uint8Array(g.keys.length);
  for (const at of locations) {
    const i = g.index.get(at);
    if (i !== undefined) out[i] = 1;
  }
  return out;
}

/** No location marked, by location index (kept for the game; do not modify). */
export const unmarked = (rules: Rules): Uint8Array => kept(rules, 'unmarked', () => new Uint8Array(graphOf(rules).keys.length));

/** Every location of the board: hexes, areas and boxes (read once per game; do not modify). */
export function boardLocations(rules: Rules): readonly LocKey[] {
  const m = rules.r.map;
  return kept(rules, 'board-locations', () => [
    ...Object.keys(m?.hexes ?? {}).map((h) => `hex:${h}`),
    ...Object.keys(m?.areas ?? {}).map((a) => `area:${a}`),
    ...Object.keys(m?.boxes ?? {}).map((b) => `box:${b}`),
  ]);
}
