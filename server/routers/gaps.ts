// The workbench's Gaps view: every gap and provisional value of the ruleset as drafted (the completeness report its
// header counts), each with where it is written, so a designer can go and fill it, and whether bots stop at it.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { botBlockingGaps, completeness, type LoadedRuleset } from '../../engine';
import type { GapEntry, ProvisionalEntry } from '../../engine/report/completeness';
import { publicProcedure, router } from '../trpc';
import { checkedRuleset, documents, loadWith, rulesetId } from './authoring';

/** Where a value of the resolved ruleset is written: its document (`<ruleset>/<path>`: another ruleset's for what one it extends writes), the pointer there, line and column. */
export interface Written {
  document: string;
  pointer: string;
  line: number;
  column: number;
}

/** Where `pointer` (into the resolved ruleset) is written; for a value that is absent, where its nearest enclosing one is. Null where no document writes it. */
export function writtenAt(loaded: LoadedRuleset, pointer: string): Written | null {
  const origin = loaded.origins.find(pointer);
  const doc = origin && loaded.documents.get(origin.document);
  return origin && doc ? { document: origin.document, pointer: origin.pointer, ...doc.position(doc.offsetOf(origin.pointer)) } : null;
}

export type ListedGap = GapEntry & { at: Written | null; bots: boolean };
export type ListedProvisional = ProvisionalEntry & { at: Written | null };

export const gapsRouter = router({
  /** The gaps and provisional values of the ruleset with these unsaved texts over its drafts and files; nothing is stored. */
  gapList: publicProcedure.input(z.strictObject({ id: rulesetId, documents })).mutation(({ input }) => {
    const loaded = loadWith(checkedRuleset(input.id), input.documents);
    if (!loaded.ruleset) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${input.id} does not resolve: fix its manifest first` });
    const report = completeness(loaded.ruleset);
    const blocking = new Set(botBlockingGaps(report));
    return {
      gaps: report.gaps.map((g): ListedGap => ({ ...g, at: writtenAt(loaded, g.pointer), bots: blocking.has(g) })),
      provisional: report.provisional.map((p): ListedProvisional => ({ ...p, at: writtenAt(loaded, p.pointer) })),
      /** Every provisional value the header counts: a provisional table's plain cells count with it but are not listed one by one. */
      provisionalCount: report.total.provisional,
    };
  }),
});
