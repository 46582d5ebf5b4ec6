// Where a value came from, as play reads it, and what its source becomes when a designer changes it by hand.
import type { ResolvedRuleset, Source } from './generated/schema-types';
import { getAt, parsePointer, toPointer } from './json/pointer';
import { isRecord } from './json/record';
import { patchedKinds } from './load/patched';

/** A resolved ruleset, or a document's slice of one (no `patched`). */
type Slice = object & Pick<ResolvedRuleset, 'patched'>;

const sourceIn = (v: unknown): Source | undefined => (isRecord(v) && isRecord(v.source) && typeof v.source.kind === 'string' ? (v.source as unknown as Source) : undefined);

/**
 * The source of the value at a pointer, in the order play reads it (the game's `Rules.sourceOf` too): its own; else
 * the kind of the patch set that last wrote it or what holds it (a patch set's note is not kept in the resolved
 * ruleset); else the nearest record around it with a source (a placement's scenario, a cell's table). Reads a
 * document's text the same way, as a slice of the resolved ruleset without `patched`.
 */
export function sourceAt(r: Slice, pointer: string): Source | undefined {
  const path = parsePointer(pointer);
  const own = (depth: number) => sourceIn(getAt(r, toPointer(path.slice(0, depth))));
  const patched = patchedKinds(r.patched)(pointer);
  const found = own(path.length) ?? (patched ? { kind: patched } : undefined);
  if (found) return found;
  for (let depth = path.length - 1; depth > 0; depth--) {
    const around = own(depth);
    if (around) return around;
  }
  return undefined;
}

/** The source at a pointer when the value there is provisional (a designer's fill, from no source). */
export function provisionalAt(r: Slice, pointer: string): Source | undefined {
  const s = sourceAt(r, pointer);
  return s?.kind === 'provisional' ? s : undefined;
}

/**
 * What a value's source becomes when the designer changes it: provisional, keeping the rule (and, from the
 * rulebook, its words) that the choice refines, with a note saying what was done and what kind of source it
 * had. Undefined when it is provisional already (a designer's choice, changed again: its note still says
 * what the data held).
 */
export function designerRefined(was: Source | undefined, what: string): Source | undefined {
  if (was?.kind === 'provisional') return undefined;
  // The rulebook's words stand as its quote; another kind's reasoning goes into the note.
  const before = was && was.kind !== 'rulebook' ? ` (${was.kind} before${was.note ? `: ${was.note}` : ''})` : '';
  return {
    kind: 'provisional',
    ...(was?.rule ? { rule: was.rule } : {}),
    ...(was?.kind === 'rulebook' && was.quote ? { quote: was.quote } : {}),
    note: `${what}${before}`,
  };
}
