// A map's off-map boxes as the play map draws them: what the data says of where each lies (the map edges
// and hexes its entries name, the hexes listed in it) and which boxes are parts of one.
import type { CitedNumber, Map as GameMap } from '@/engine/generated/schema-types';
import { given } from '@/engine/game/values';

export interface ViewBox {
  id: string;
  name: string;
  /** The map edges its entries lead to ("west"), in their order. */
  edges: string[];
  /** The map hexes listed in it or its entries lead to. */
  hexes: string[];
  /** The box whose part it is (the first of its parts), or its own id. */
  group: string;
  /** The name its parts share ("Atlantic box"), where it has parts and their names share one. */
  title?: string;
  /** Its own name within the box it is part of ("ocean portion"), where `title` is given. */
  part?: string;
  notes?: string;
}

const SEPARATORS_BEFORE = /^[\s(:,–-]+/;
const SEPARATORS_AFTER = /[\s(:,–-]+$/;
const free = (cost: CitedNumber) => given(cost) === 0;

/** The map's boxes in their order. Boxes an entry joins at no cost (either way) are parts of one box. */
export function boxViews(map: GameMap): ViewBox[] {
  const boxes = Object.entries(map.boxes ?? {});
  const joined = new Map(boxes.map(([id]) => [id, new Set<string>()]));
  for (const [id, box] of boxes) {
    for (const e of box.entries ?? []) {
      const other = e.from.startsWith('box:') ? joined.get(e.from.slice(4)) : undefined;
      if (!other || !free(e.cost)) continue;
      other.add(id);
      joined.get(id)!.add(e.from.slice(4));
    }
  }
  // Each box's group is named by the first box listed of those joined to it.
  const groupOf = new Map<string, string>();
  const members = new Map<string, string[]>();
  for (const [first] of boxes) {
    if (groupOf.has(first)) continue;
    const names: string[] = [];
    const visit = (id: string) => {
      if (groupOf.has(id)) return;
      groupOf.set(id, first);
      names.push(map.boxes![id].name);
      joined.get(id)!.forEach(visit);
    };
    visit(first);
    members.set(first, names);
  }
  return boxes.map(([id, box]) => {
    const group = groupOf.get(id)!;
    const title = sharedTitle(members.get(group)!);
    const at = (prefix: string) => (box.entries ?? []).flatMap((e) => (e.from.startsWith(prefix) ? [e.from.slice(prefix.length)] : []));
    return {
      id,
      name: box.name,
      edges: at('edge:'),
      hexes: [...new Set([...(box.hexes ?? []), ...at('hex:')])],
      group,
      ...(title ? { title, part: box.name.slice(title.length).replace(SEPARATORS_BEFORE, '').replace(/\)$/, '') || box.name } : {}),
      ...(box.notes ? { notes: box.notes } : {}),
    };
  });
}

/** The words several names begin with ("Atlantic box" of "Atlantic box (ocean portion)" and "Atlantic box (land portion…)"); none for one name. */
function sharedTitle(names: string[]): string | undefined {
  if (names.length < 2) return undefined;
  let n = 0;
  while (names.every((s) => n < s.length && s[n] === names[0][n])) n++;
  // Whole words only: where a name goes on with a letter, the last word shared is cut.
  const shared = names.some((s) => /\w/.test(s[n] ?? '')) ? names[0].slice(0, n).replace(/\w+$/, '') : names[0].slice(0, n);
  return shared.replace(SEPARATORS_AFTER, '') || undefined;
}
