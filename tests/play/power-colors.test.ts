// The colours powers are drawn in: the ruleset's own, else colours told apart however many powers it has (2WW's 25
// have none of their own), each power keeping its colour as others are added or given one, and powers of different
// sides in different hue families.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inkOn } from '@/editor/play/counters';
import { colorDistance, hueOf, linearRgb, NEAR } from '@/editor/distinct-colors';
import { powerColors } from '@/editor/play/power-colors';

const powersOf = (n: number, extra: Record<string, object> = {}) => Object.fromEntries([...Array.from({ length: n }, (_, i) => [`p${i}`, { name: `P${i}` }]), ...Object.entries(extra)]);
const colorsOf = (r: object) => {
  const colorOf = powerColors(r as never);
  return Object.keys((r as { powers: object }).powers).map(colorOf);
};
/** The two colours of the list that look most alike, and how far apart they are. */
function closest(colors: string[]): [number, string, string] {
  let best: [number, string, string] = [Infinity, '', ''];
  colors.forEach((a, i) => colors.slice(i + 1).forEach((b) => colorDistance(a, b) < best[0] && (best = [colorDistance(a, b), a, b])));
  return best;
}
/** WCAG contrast between two colours. */
const contrast = (a: string, b: string) => {
  const [x, y] = [a, b].map((c) => linearRgb(c)!).map(([r, g, bl]) => 0.2126 * r + 0.7152 * g + 0.0722 * bl + 0.05);
  return Math.max(x, y) / Math.min(x, y);
};

/** How far apart two colours' hues are, in degrees. */
const hueApart = (a: string, b: string) => Math.abs(((hueOf(a)!.hue - hueOf(b)!.hue + 540) % 360) - 180);
/** Each pair of powers on different sides (no side counting as one), the closest in hue first. */
function acrossSides(r: { powers: Record<string, { side?: string | null }> }): [number, string, string][] {
  const colorOf = powerColors(r as never);
  const ids = Object.keys(r.powers);
  return ids.flatMap((a, i) => ids.slice(i + 1).flatMap((b) => ((r.powers[a].side ?? null) === (r.powers[b].side ?? null) ? [] : [[hueApart(colorOf(a), colorOf(b)), a, b] as [number, string, string]]))).sort((x, y) => x[0] - y[0]);
}
/** Powers of two sides and of none. */
const sided = (n: number, blue = '#2255aa') => ({
  sides: { red: { name: 'Red' }, blue: { name: 'Blue', color: blue } },
  powers: Object.fromEntries(Array.from({ length: 3 * n }, (_, i) => [`p${i}`, { name: `P${i}`, side: [null, 'red', 'blue'][i % 3] }])),
});

describe('powerColors', () => {
  it("gives a power its own colour, else its side's where it is the side's only power without one, else one of its own", () => {
    const colorOf = powerColors({
      sides: { red: { name: 'Red', color: '#b23a48' }, blue: { name: 'Blue', color: '#2255aa' } },
      powers: { rot: { name: 'Rot', side: 'red' }, blau: { name: 'Blau', side: 'blue' }, grau: { name: 'Grau', side: 'blue' }, gold: { name: 'Gold', side: 'blue', color: '#d4a017' } },
    } as never);
    expect([colorOf('rot'), colorOf('gold')]).toEqual(['#b23a48', '#d4a017']);
    // Two of Blue's powers have none: told apart, not both Blue's, nor like it or any colour the ruleset gives.
    for (const p of ['blau', 'grau']) for (const given of ['#b23a48', '#2255aa', '#d4a017']) expect(colorDistance(colorOf(p), given)).toBeGreaterThanOrEqual(NEAR);
    expect(colorDistance(colorOf('blau'), colorOf('grau'))).toBeGreaterThanOrEqual(NEAR);
  });

  it('tells forty powers apart, each name readable on its colour', () => {
    for (const n of [2, 12, 25, 40]) {
      const [d, a, b] = closest(colorsOf({ powers: powersOf(n) }));
      expect(d, `${n} powers: ${a} and ${b} look alike`).toBeGreaterThanOrEqual(NEAR);
    }
    for (const color of colorsOf({ powers: powersOf(40) })) expect(contrast(color, inkOn(color)), color).toBeGreaterThanOrEqual(3);
  });

  it('keeps every other colour as a power is added, or given a colour of its own', () => {
    const before = colorsOf({ powers: powersOf(24) });
    expect(colorsOf({ powers: powersOf(25) }).slice(0, 24)).toEqual(before);
    // Given one, the others stay, but one that looks like it.
    const given = colorsOf({ powers: { ...powersOf(24), p3: { name: 'P3', color: '#123456' } } });
    expect(given[3]).toBe('#123456');
    const moved = before.flatMap((color, i) => (i !== 3 && given[i] !== color ? [color] : []));
    for (const color of moved) expect(colorDistance(color, '#123456')).toBeLessThan(NEAR);
    expect(moved.length).toBeLessThanOrEqual(1);
  });

  it("draws each side's powers from a band of hues of its own, and powers of no side from another", () => {
    for (const n of [2, 5, 8]) {
      const [[d, a, b]] = acrossSides(sided(n));
      expect(d, `${n} a side: ${a} and ${b} share a hue family`).toBeGreaterThanOrEqual(30);
      const [near, x, y] = closest(colorsOf(sided(n)));
      expect(near, `${n} a side: ${x} and ${y} look alike`).toBeGreaterThanOrEqual(NEAR);
    }
    // A power added to a side, or to none, recolours no other (the side's colour aside, which may move one, as above).
    const before = colorsOf(sided(5, '#000000'));
    expect(colorsOf(sided(6, '#000000')).slice(0, 15)).toEqual(before);
  });

  it('moves a colour off one a ruleset gives that looks like it', () => {
    const auto = colorsOf({ powers: powersOf(3) });
    // A fourth power given the second's colour: the second takes another, far from it.
    const near = colorsOf({ powers: powersOf(3, { p3: { name: 'P3', color: auto[1] } }) });
    expect(near[3]).toBe(auto[1]);
    expect([near[0], near[2]]).toEqual([auto[0], auto[2]]);
    expect(colorDistance(near[1], auto[1])).toBeGreaterThanOrEqual(NEAR);
  });
});

describe("2WW's powers, none with a colour of its own", () => {
  const manifest = path.join(import.meta.dirname, '..', '..', 'rulesets', '2ww', 'ruleset.json');

  it.skipIf(!fs.existsSync(manifest))('are told apart on the play map: Great Britain from Spain, Germany from Bulgaria, the Netherlands from Turkey, the USSR from Rumania', () => {
    const r = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    const colorOf = powerColors(r);
    for (const [a, b] of [['great-britain', 'spain'], ['germany', 'bulgaria'], ['netherlands', 'turkey'], ['ussr', 'rumania']]) expect(colorDistance(colorOf(a), colorOf(b)), `${a} and ${b}`).toBeGreaterThanOrEqual(NEAR);
    const [d, a, b] = closest(Object.keys(r.powers).map(colorOf));
    expect(d, `${a} and ${b} look alike`).toBeGreaterThanOrEqual(NEAR);
  });

  it.skipIf(!fs.existsSync(manifest))('give enemies, and powers of a side and neutrals, hues of different families: France and Germany, the USSR and Bulgaria, Great Britain and Hungary, Italy and Poland', () => {
    const r = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    const [[d, a, b]] = acrossSides(r);
    expect(d, `${a} and ${b} share a hue family`).toBeGreaterThanOrEqual(30);
  });
});
