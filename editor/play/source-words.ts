// What a test game's header says it was played from: the drafts or the published files, and, for a variant, the
// rulesets it extends, which a game reads as published (as the variant's workbench does), drafted or not.
import { counted } from '@/engine/words';
import type { PlayedBase } from '@/server/games';

/** "from its drafts, over 2ww as published (1 draft of 2ww not played)"; empty where nothing is drafted. */
export function playedFromWords(fromDraft: boolean, bases: readonly PlayedBase[]): string {
  if (!bases.length) return fromDraft ? 'from the drafts, not the published files' : '';
  const over = bases.map((b) => `${b.id} as published${b.draftsNotPlayed ? ` (${counted(b.draftsNotPlayed, 'draft')} of ${b.id} not played)` : ''}`).join(', over ');
  if (fromDraft) return `from its drafts, over ${over}`;
  return bases.some((b) => b.draftsNotPlayed) ? `from the published files, over ${over}` : '';
}
