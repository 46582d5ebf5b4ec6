// The values a conflict decides, as the Rules view shows them: each pointer named in the designer's words (a step of
// the sequence by its phase's and its own name, not by indexes), the value the resolved ruleset has there or what its
// absence means, and whether that is the chosen reading's value.
import type { ResolvedRuleset } from '@/engine';
import { getAt, parsePointer } from '@/engine/json/pointer';
import { isRecord, type Rec } from '@/engine/json/record';
import { hasValue } from '@/engine/lint/conflicts';
import { absenceMeaning } from '@/engine/schema/lookup';
import { clipped } from '@/engine/words';

const LONGEST = 120;

/** A pointer into the resolved ruleset as words: one into the sequence names its phase and step; any other stays a pointer. */
export function decidedLabel(ruleset: ResolvedRuleset | null, pointer: string): string {
  const [top, phases, p, steps, s, ...rest] = parsePointer(pointer);
  if (top !== 'sequence' || phases !== 'phases' || p === undefined) return pointer;
  const phase = getAt(ruleset, `/sequence/phases/${p}`);
  if (!isRecord(phase)) return pointer;
  const named = (x: Rec, what: string) => `${what} “${typeof x.name === 'string' ? x.name : String(x.id)}”`;
  const step = steps === 'steps' && s !== undefined ? getAt(phase, `/steps/${s}`) : undefined;
  if (steps === 'steps' && !isRecord(step)) return pointer;
  const tail = isRecord(step) ? rest : [steps, s, ...rest].filter((k) => k !== undefined);
  return [named(phase, 'phase'), ...(isRecord(step) ? [named(step, 'step')] : []), ...(tail.length ? [tail.join('/')] : [])].join(' › ');
}

/** The value the resolved ruleset has at a pointer, short; absent, what the schema says its absence means. */
export function decidedValue(ruleset: ResolvedRuleset | null, pointer: string): { absent: boolean; text: string } {
  const value = getAt(ruleset, pointer);
  if (value !== undefined) {
    return { absent: false, text: clipped(JSON.stringify(value), LONGEST) };
  }
  const meaning = absenceMeaning('ruleset', pointer, ruleset);
  const by = 'default' in meaning ? ` (${JSON.stringify(meaning.default)}, the default)` : '';
  return { absent: true, text: `absent${by}${meaning.text ? `: ${meaning.text}` : ''}` };
}

/** What the chosen reading gives a pointer, and whether the resolved ruleset has it; undefined where the reading does not say. */
export function chosenValue(ruleset: ResolvedRuleset | null, conflict: Rec, pointer: string): { text: string; agrees: boolean } | undefined {
  const chosen = (Array.isArray(conflict.readings) ? conflict.readings : []).find((r) => isRecord(r) && r.id === conflict.chosen);
  const set = isRecord(chosen) && Array.isArray(chosen.sets) ? chosen.sets.find((s) => isRecord(s) && s.pointer === pointer) : undefined;
  if (!isRecord(set) || !ruleset) return undefined;
  return { text: 'value' in set ? JSON.stringify(set.value) : 'absent', agrees: hasValue(ruleset, pointer, set.value) };
}

/** The pointers a conflict decides: those it names, then those its chosen reading sets that it does not name. */
export function decidedPointers(conflict: Rec): string[] {
  const chosen = (Array.isArray(conflict.readings) ? conflict.readings : []).find((r) => isRecord(r) && r.id === conflict.chosen);
  const sets = isRecord(chosen) && Array.isArray(chosen.sets) ? chosen.sets.flatMap((s) => (isRecord(s) && typeof s.pointer === 'string' ? [s.pointer] : [])) : [];
  const affects = Array.isArray(conflict.affects) ? conflict.affects.filter((p): p is string => typeof p === 'string') : [];
  return [...new Set([...affects, ...sets])];
}
