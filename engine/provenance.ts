// The source of a value a designer changes by hand (on a map): provisional, keeping the rule it refines.
import type { Source } from './generated/schema-types';

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
