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

/** An Oklab colour's hue (degrees) and chroma. */
const polar = (lab: readonly number[]) => ({ hue: ((Math.atan2(lab[2], lab[1]) * 180) / Math.PI + 360) % 360, chroma: Math.hypot(lab[1], lab[2]) });

/**
 * The colours sequences draw from: a grid of sRGB colours neither too dark nor too light for a counter's name and
 * not glaring, with each one's Oklab coordinates and hue (degrees).
 */
const CANDIDATES = (() => {
  const steps = Array.from({ length: 16 }, (_, i) => i * 17);
  return steps.flatMap((r) =>
    steps.flatMap((g) =>
      steps.flatMap((b) => {
        const color = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        const lab = labOf(color)!;
        return lab[0] >= 0.35 && lab[0] <= 0.85 && Math.hypot(lab[1], lab[2]) <= 0.2 ? [{ color, lab, ...polar(lab) }] : [];
      }),
    ),
  );
})();

/** A colour's Oklab hue in degrees and its chroma; undefined where it is no #rrggbb. */
export function hueOf(color: string): { hue: number; chroma: number } | undefined {
  const lab = labOf(color);
  return lab && polar(lab);
}

/** The `i`th colour of a sequence, worked out as far as it is asked for (around again past its last candidate). */
export type ColorSequence = (i: number) => string;

/**
 * The candidates `keep` admits, in order: each the one farthest from all before it, beginning with the one nearest
 * `start` (a colour, or a hue in degrees, taken at middling lightness and chroma). Any number of entries so get colours as far apart as the count allows, and an entry added takes the next,
 * leaving the others as they were.
 */
export function colorSequence(keep: (hue: number, chroma: number) => boolean, start: string | number): ColorSequence {
  const pool = CANDIDATES.filter((c) => keep(c.hue, c.chroma));
  const rad = ((typeof start === 'number' ? start : 0) * Math.PI) / 180;
  const first = typeof start === 'number' ? [0.6, 0.13 * Math.cos(rad), 0.13 * Math.sin(rad)] : labOf(start)!;
  const sequence: string[] = [];
  /** Each candidate's distance to the nearest colour in the sequence so far. */
  const nearest = pool.map(() => Infinity);
  const add = (k: number) => {
    sequence.push(pool[k].color);
    pool.forEach((c, j) => (nearest[j] = Math.min(nearest[j], apart(c.lab, pool[k].lab))));
  };
  return (i) => {
    if (!sequence.length) add(pool.reduce((best, c, k) => (apart(c.lab, first) < apart(pool[best].lab, first) ? k : best), 0));
    while (sequence.length <= i && sequence.length < pool.length) add(nearest.reduce((best, d, k) => (d > nearest[best] ? k : best), 0));
    return sequence[i % sequence.length];
  };
}

/** The sequence over every candidate, beginning with a blue. */
const anyHue = colorSequence(() => true, '#1f5fa8');

/**
 * The colour of each of `ids`, in their order: its own where `own` gives one; else the sequence's colour of its
 * place in the list, so that adding an entry at the end, or giving one its own colour, changes no other's. One
 * near a colour of `avoid` (those the ruleset gives, the map's fixed fills) gives way to one further on. The colours
 * come from `distinct`, by default a sequence over every hue.
 */
export function distinctColors(ids: readonly string[], own: (id: string) => string | undefined, avoid: readonly string[], distinct: ColorSequence = anyHue): Map<string, string> {
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
