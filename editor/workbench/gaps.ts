// The Gaps view's words and groups: the gaps of the ruleset as drafted by category (the order `npm run report` lists
// them in), narrowed by a search as the Rules view's is, and what it says of those bots stop at, which the play page
// counts for bots ("Bots stop at 173 of the ruleset's 285 gaps") where the workbench's header counts them all ("285 gaps").
import { CATEGORIES, type Category } from '@/engine/report/completeness';
import { counted, joinWords } from '@/engine/words';
import type { ListedGap, Written } from '@/server/routers/gaps';
import { holdsAll, queryWords } from './rules-find';

/** Each category's heading. */
export const CATEGORY_NAMES: Record<Category, string> = {
  ruleset: 'The ruleset as a whole',
  mechanics: 'Mechanics',
  map: 'Map',
  units: 'Units',
  tables: 'Tables',
  setup: 'Set-up',
  sequence: 'Turn sequence',
  victory: 'Victory',
  'special-rules': 'Special rules',
  facts: 'Facts',
};

export interface GapGroup {
  category: Category;
  name: string;
  /** How many gaps it has in all. */
  total: number;
  /** Those the search finds (all for none). */
  shown: ListedGap[];
}

/** What a gap is about: its pointer without the `/gaps/<n>` a note of what is missing ends in ("/map/hexes/1316"); empty for a note of the whole ruleset. */
export const subjectOf = (pointer: string) => pointer.replace(/\/gaps\/\d+$/, '');

/** The words the view shows of a gap, lowercased: what a search is matched against. */
const wordsOf = (g: ListedGap) => [g.rule ?? '', g.gap, g.pointer, g.at?.document ?? '', CATEGORY_NAMES[g.category], g.bots ? 'bots stop here' : ''].join('\n').toLowerCase();

/** The categories that have gaps, in the report's order, each with those matching every word of `query` (and, `onlyBots`, that bots stop at). */
export function gapGroups(gaps: readonly ListedGap[], query: string, onlyBots = false): GapGroup[] {
  const words = queryWords(query);
  return CATEGORIES.flatMap((category) => {
    const all = gaps.filter((g) => g.category === category);
    const shown = all.filter((g) => (!onlyBots || g.bots) && (!words.length || holdsAll(words, wordsOf(g))));
    return all.length ? [{ category, name: CATEGORY_NAMES[category], total: all.length, shown }] : [];
  });
}

/** "285 gaps in 8 categories", or "No gaps". */
export function gapsCounted(groups: readonly GapGroup[]): string {
  const n = groups.reduce((sum, g) => sum + g.total, 0);
  return n ? `${counted(n, 'gap')} in ${counted(groups.length, 'category', 'categories')}` : 'No gaps';
}

/** The categories of the gaps bots stop at (botBlockingGaps'): the values missing there, not the notes of what the text leaves out. */
const BOT_CATEGORIES: readonly Category[] = ['tables', 'units', 'mechanics'];

/**
 * Which of the gaps bots stop at, and why the count the play page gives for bots ("Bots stop at 173 of the ruleset's
 * 285 gaps") is smaller than the header's ("285 gaps"). Undefined when there are no gaps.
 */
export function botWords(gaps: readonly ListedGap[]): string | undefined {
  if (!gaps.length) return undefined;
  const bots = gaps.filter((g) => g.bots).length;
  if (!bots) return 'Bots stop at none of these: no value of the tables, unit types or mechanics is missing.';
  const stop = `Bots stop at ${bots === gaps.length ? `all ${bots}` : `${bots} of these ${gaps.length}`}, the values missing from the tables, unit types and mechanics, which only a person can settle: the count the play page and the launch dialog give for bots.`;
  const others = gaps.filter((g) => !g.bots);
  if (!others.length) return stop;
  const categories = CATEGORIES.filter((c) => !BOT_CATEGORIES.includes(c) && others.some((g) => g.category === c)).map((c) => (c === 'ruleset' ? 'ruleset-wide' : CATEGORY_NAMES[c].toLowerCase()));
  const notes = others.some((g) => BOT_CATEGORIES.includes(g.category));
  const where = [...(categories.length ? [`${joinWords(categories)} gaps`] : []), ...(notes ? ['notes of what the text leaves out'] : [])].join(', and ');
  return `${stop} The other ${others.length} (${where}) do not keep bots from playing.`;
}

/** Where a gap is written: in a document of this ruleset (its path, to open), or of the ruleset it extends (the words saying so, and its workbench). */
export function placeOf(at: Written | null, rulesetId: string): { own: string } | { elsewhere: string; ruleset: string } | undefined {
  if (!at) return undefined;
  const [ruleset, ...path] = at.document.split('/');
  return ruleset === rulesetId ? { own: path.join('/') } : { elsewhere: at.document, ruleset: ruleset! };
}
