// What the hex map editor says of the hex under the pointer or the keyboard cursor: its terrain and country; where
// it has no terrain, whether that is a gap the data records (with its rule) and which optional patch set fills it.
import type { ViewHex } from './types';

type Named = Record<string, { name: string } | undefined>;

/**
 * A hex's terrain in words: its terrain type's name; with none, its recorded gaps and the optional patch set that
 * fills it, and with what. `brief`: each gap by its rule alone (the status line over the map keeps to two lines, so
 * that it never pushes the map under the pointer; the keyboard cursor's announcement says each gap whole).
 */
export function terrainWords(hex: ViewHex | undefined, terrains: Named, brief = false): string {
  const name = (id: string) => terrains[id]?.name ?? id;
  if (hex?.terrain) return name(hex.terrain);
  const gaps = (hex?.gaps ?? []).map((g) => (brief ? (g.rule ? `rule ${g.rule}` : 'no rule') : g.rule ? `rule ${g.rule}: ${g.gap}` : g.gap));
  const fill = hex?.fill ? `the optional patch set "${hex.fill.patchSet}" fills it with ${name(hex.fill.terrain)}` : '';
  if (gaps.length) return `no terrain, a gap (${gaps.join('; ')})${fill ? `; ${fill}` : ''}`;
  return fill ? `no terrain (${fill})` : 'no terrain';
}

/** The status line's words for a hovered hex: its number, terrain (a gap by its rule), country, the kind of its source and the document defining it. */
export function hexStatus(id: string, hex: ViewHex | undefined, terrains: Named, countries: Named): string {
  const country = hex?.country ? ` · ${countries[hex.country]?.name ?? hex.country}` : '';
  return `${id}: ${terrainWords(hex, terrains, true)}${country} · ${hex?.source ?? 'no source'}${hex?.at ? ` · ${hex.at.document}` : ''}`;
}
