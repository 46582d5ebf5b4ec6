// Colours told apart at a glance however many entries need one (powers, countries, terrain types): a sequence in
// which each colour is as far from those before it as can be, an entry taking the colour of its place in its list,
// so that adding an entry, or giving one a colour of its own, changes no other's.

/** An sRGB colour (#rgb or #rrggbb) as linear light, each channel 0–1; undefined for anything else. */
export function linearRgb(color: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return [r, g, b];
}

/** A colour in Oklab (lightness, green–red, blue–yellow), where distance is how far apart colours look. */
function oklab([r, g, b]: [number, number, number]): [number, number, number] {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s, 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s, 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s];
}

const labOf = (color: string) => {
  const rgb = linearRgb(color);
  return rgb && oklab(rgb);
};
const apart = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** How far apart two colours look (Oklab distance; about 0.02 is barely seen); Infinity where either is no #rrggbb. */
export function colorDistance(a: string, b: string): number {
  const [x, y] = [labOf(a), labOf(b)];
  return x && y ? apart(x, y) : Infinity;
}

/** Closer than this to a colour to avoid, an automatic colour would be taken for it (the sequence's 40th lies 0.1 from the nearest before it). */
export const NEAR = 0.09;

/**
 * The colours handed out, in order: from a grid of sRGB colours neither too dark nor too light for a counter's name
 * and not glaring, each the one farthest from all before it, beginning with a blue. Any number of entries so get
 * colours as far apart as the count allows, and an entry added takes the next, leaving the others as they were.
 */
const CANDIDATES = (() => {
  const steps = Array.from({ length: 16 }, (_, i) => i * 17);
  return steps.flatMap((r) =>
    steps.flatMap((g) =>
      steps.flatMap((b) => {
        const color = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        const lab = labOf(color)!;
        return lab[0] >= 0.35 && lab[0] <= 0.85 && Math.hypot(lab[1], lab[2]) <= 0.2 ? [{ color, lab }] : [];
      }),
    ),
  );
})();
const BLUE = labOf('#1f5fa8')!;
const sequence: string[] = [];
/** Each candidate's distance to the nearest colour in the sequence so far. */
const nearest = CANDIDATES.map(() => Infinity);
const add = (k: number) => {
  sequence.push(CANDIDATES[k].color);
  CANDIDATES.forEach((c, j) => (nearest[j] = Math.min(nearest[j], apart(c.lab, CANDIDATES[k].lab))));
};

/** The sequence's `i`th colour, worked out as far as it is asked for (around again past the last candidate). */
function distinct(i: number): string {
  if (!sequence.length) add(CANDIDATES.reduce((best, c, k) => (apart(c.lab, BLUE) < apart(CANDIDATES[best].lab, BLUE) ? k : best), 0));
  while (sequence.length <= i && sequence.length < CANDIDATES.length) add(nearest.reduce((best, d, k) => (d > nearest[best] ? k : best), 0));
  return sequence[i % sequence.length];
}

/**
 * The colour of each of `ids`, in their order: its own where `own` gives one; else the sequence's colour of its
 * place in the list, so that adding an entry at the end, or giving one its own colour, changes no other's. One
 * near a colour of `avoid` (those the ruleset gives, the map's fixed fills) gives way to one further on.
 */
export function distinctColors(ids: readonly string[], own: (id: string) => string | undefined, avoid: readonly string[]): Map<string, string> {
  const clashes = (color: string) => avoid.some((a) => colorDistance(color, a) < NEAR);
  const colors = new Map<string, string>();
  let further = ids.length;
  ids.forEach((id, i) => {
    const given = own(id);
    let color = given ?? distinct(i);
    // Bounded: past every candidate, a clash is left as it is.
    while (!given && clashes(color) && further < ids.length + CANDIDATES.length) color = distinct(further++);
    colors.set(id, color);
  });
  return colors;
}
