// Where an area map's names and unit stacks go at one zoom, so that none covers another: each stack in full
// under its area where there is room for it (clear of the other areas' markers and names), else collapsed to
// a badge counting its units by power (under its marker, else beside or above it, where that covers nothing
// placed); each name above its area, else beside or below it, wherever it covers
// nothing already placed, else shown only when the pointer is on the area. Pure: positions are pixels at the
// zoom laid out (Leaflet's project), sizes are given, so the browser and the tests lay out alike.

/** A rectangle in pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface AreaInput {
  id: string;
  /** The area's marker, its centre in pixels and its radius. */
  x: number;
  y: number;
  r: number;
  /** Its name's label, in pixels. */
  label: { width: number; height: number };
  /** Its stack of units, where it has any: its size in full and collapsed to a badge. */
  stack?: { full: { width: number; height: number }; badge: { width: number; height: number } };
}

export type LabelSide = 'top' | 'right' | 'left' | 'bottom';
export const LABEL_SIDES: readonly LabelSide[] = ['top', 'right', 'left', 'bottom'];

export interface AreaLayout {
  /** Each area's label side; null: shown only on hover, there being no room. */
  labels: Map<string, LabelSide | null>;
  /** The areas whose stacks show as a badge, each with the side of its marker the badge stands on. */
  collapsed: Map<string, LabelSide>;
  /** Every box placed (markers, stacks, badges, labels shown), by area, for tests. */
  boxes: { id: string; kind: 'marker' | 'stack' | 'badge' | 'label'; box: Box }[];
}

/** Pixels between a marker and a label's edge (Leaflet's tooltip arrow), and between a marker's centre and its stack's top (play.css). */
export const LABEL_GAP = 6;
export const STACK_TOP = 14;

/**
 * A stack's size in full as play.css draws it on an area map (its --hex the counter width): chips 0.82 of the
 * width wide, `shown` of them at most and one more counting the rest, each as tall as the column allows.
 */
export function stackSize(count: number, counterWidth: number, shown: number): { width: number; height: number } {
  const n = Math.min(count, shown) + (count > shown ? 1 : 0);
  const chip = Math.min(48, Math.max(3, Math.min(counterWidth * 0.36, (counterWidth * 0.9) / n)));
  return { width: Math.min(150, Math.max(8, counterWidth * 0.82)), height: n * chip + (n - 1) };
}

/** A badge's size: one pill a power, counting its units (play.css's .play-badge), wider for a count of more digits. */
export function badgeSize(counts: readonly number[]): { width: number; height: number } {
  const pills = counts.map((n) => Math.max(BADGE_PILL, 10 + 7 * String(n).length));
  return { width: pills.reduce((a, b) => a + b, 0) + pills.length - 1, height: BADGE_PILL };
}
export const BADGE_PILL = 18;

const around = (x: number, y: number, r: number): Box => ({ left: x - r, top: y - r, right: x + r, bottom: y + r });
const under = (a: AreaInput, size: { width: number; height: number }): Box => ({ left: a.x - size.width / 2, top: a.y + STACK_TOP, right: a.x + size.width / 2, bottom: a.y + STACK_TOP + size.height });
export const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Where an area's label stands on one side of its marker (as Leaflet places a tooltip with the offset `labelOffset` gives). */
export function labelBox(a: AreaInput, side: LabelSide): Box {
  const { width: w, height: h } = a.label;
  const d = a.r + LABEL_GAP;
  switch (side) {
    case 'top':
      return { left: a.x - w / 2, top: a.y - d - h, right: a.x + w / 2, bottom: a.y - d };
    case 'bottom':
      return { left: a.x - w / 2, top: a.y + d, right: a.x + w / 2, bottom: a.y + d + h };
    case 'right':
      return { left: a.x + d, top: a.y - h / 2, right: a.x + d + w, bottom: a.y + h / 2 };
    case 'left':
      return { left: a.x - d - w, top: a.y - h / 2, right: a.x - d, bottom: a.y + h / 2 };
  }
}

const BADGE_SIDES: readonly LabelSide[] = ['bottom', 'right', 'left', 'top'];

/** Where a badge stands on one side of its marker: STACK_TOP from its centre, as play.css's .play-badge.at-<side> puts it. */
export function badgeBox(a: AreaInput, size: { width: number; height: number }, side: LabelSide): Box {
  const { width: w, height: h } = size;
  const d = STACK_TOP;
  switch (side) {
    case 'bottom':
      return { left: a.x - w / 2, top: a.y + d, right: a.x + w / 2, bottom: a.y + d + h };
    case 'top':
      return { left: a.x - w / 2, top: a.y - d - h, right: a.x + w / 2, bottom: a.y - d };
    case 'right':
      return { left: a.x + d, top: a.y - h / 2, right: a.x + d + w, bottom: a.y + h / 2 };
    case 'left':
      return { left: a.x - d - w, top: a.y - h / 2, right: a.x - d, bottom: a.y + h / 2 };
  }
}

/** The offset Leaflet's tooltip takes to stand on that side of a marker of radius r (it adds the gap itself). */
export function labelOffset(side: LabelSide, r: number): [number, number] {
  return side === 'top' ? [0, -r] : side === 'bottom' ? [0, r] : side === 'right' ? [r, 0] : [-r, 0];
}

/**
 * Lays the areas out. `first` (the area of the unit selected, or the one chosen) is served first; the rest's
 * stacks in the order given, their names from north to south.
 */
export function layoutAreas(areas: readonly AreaInput[], first?: string): AreaLayout {
  const ordered = first ? [...areas.filter((a) => a.id === first), ...areas.filter((a) => a.id !== first)] : areas;
  const boxes: AreaLayout['boxes'] = areas.map((a) => ({ id: a.id, kind: 'marker', box: around(a.x, a.y, a.r + 1) }));
  const clear = (box: Box, except?: string, kinds?: readonly string[]) => !boxes.some((b) => b.id !== except && (!kinds || kinds.includes(b.kind)) && overlaps(box, b.box));

  // Stacks: in full where that covers no other area's marker, nor its name where it would first go, nor a stack.
  const collapsed = new Map<string, LabelSide>();
  const defaultLabels = areas.map((a) => ({ id: a.id, box: labelBox(a, 'top') }));
  for (const a of ordered) {
    if (!a.stack) continue;
    const full = under(a, a.stack.full);
    if (clear(full, a.id) && !defaultLabels.some((l) => l.id !== a.id && overlaps(full, l.box))) {
      boxes.push({ id: a.id, kind: 'stack', box: full });
    } else {
      // A badge where it covers no marker, stack or badge; under its marker when every side is taken.
      const badge = a.stack.badge;
      const side = BADGE_SIDES.find((s) => clear(badgeBox(a, badge, s))) ?? 'bottom';
      collapsed.set(a.id, side);
      boxes.push({ id: a.id, kind: 'badge', box: badgeBox(a, badge, side) });
    }
  }

  // Names: the first side free of markers, stacks, badges and the names already placed; the northernmost first,
  // whose names above them take the room the areas below them leave (the one served first before all).
  const labels = new Map<string, LabelSide | null>();
  const northFirst = [...ordered].sort((a, b) => (a.id === first ? -1 : b.id === first ? 1 : a.y - b.y));
  for (const a of northFirst) {
    const side = LABEL_SIDES.find((s) => clear(labelBox(a, s))) ?? null;
    labels.set(a.id, side);
    if (side) boxes.push({ id: a.id, kind: 'label', box: labelBox(a, side) });
  }
  return { labels, collapsed, boxes };
}
