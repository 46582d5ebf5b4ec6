// Drafts whose files changed on disk since the drafts were started from them (edited by hand, or by another
// tool), which publishing refuses to write over unseen: listed for the publish dialog, and each file's change
// taken into its draft by the three-way merge that a stale save's "Merge both" uses.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { mergeDrafts } from '../../engine/json/merge';
import { draftStore } from '../db';
import { changedOnDisk, firstFew, type ChangedOnDisk } from '../on-disk';
import { publicProcedure, router } from '../trpc';
import { checkedRuleset, expectDocumentOf, normalizedOrBadRequest, readFile, rulesetId } from './authoring';

/** Merged into the authoring router: authoring.changedOnDisk and authoring.takeFileChanges. */
export const onDiskRouter = router({
  /** The ruleset's drafts whose files changed on disk since the drafts were started from them, each with what changed. */
  changedOnDisk: publicProcedure.input(z.strictObject({ id: rulesetId })).query(({ input }): ChangedOnDisk[] => {
    const id = checkedRuleset(input.id);
    const store = draftStore();
    return store.latestDrafts(id).flatMap((draft) => changedOnDisk(store, draft, draft, readFile(id, draft.path)) ?? []);
  }),

  /**
   * Takes the file's changes on disk into the draft at `revision`: the changes from the file the draft stands on to the
   * draft are applied over the file as it is now, unless one touches what the file's change did (then nothing is
   * saved, and where they meet is named). The result is the draft's next revision, standing on the file as it is now.
   */
  takeFileChanges: publicProcedure.input(z.strictObject({ id: rulesetId, path: z.string().min(1).max(500), revision: z.int().min(1) })).mutation(({ input }) => {
    const id = checkedRuleset(input.id);
    const docPath = normalizedOrBadRequest(input.path);
    expectDocumentOf(id, docPath);
    const store = draftStore();
    const key = { rulesetId: id, path: docPath };
    return store.atomically(() => {
      const draft = store.getDraft(key);
      if (!draft) throw new TRPCError({ code: 'NOT_FOUND', message: `${id}/${docPath} has no draft` });
      if (draft.revision !== input.revision) {
        throw new TRPCError({ code: 'CONFLICT', message: `${id}/${docPath} was saved elsewhere as revision ${draft.revision} after the revision ${input.revision} you saw: nothing was merged. Reload to see it` });
      }
      const file = readFile(id, docPath);
      const changed = changedOnDisk(store, key, draft, file);
      if (!changed) return { revision: draft.revision, merged: false };
      const started = store.baseOf(key)!.file;
      const refuse = (why: string) => new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${id}/${docPath}: ${why}: nothing was merged. Copy what you need into the draft by hand, or publish over the file (its text is kept in the history)` });
      if (file === null) throw refuse('its file was deleted on disk, so there is nothing to take in');
      if (started === null) throw refuse('its file was created on disk after its draft was started, so the two have no text in common to merge from');
      const merge = mergeDrafts(started, draft.content, file);
      if (merge.kind === 'unreadable') throw refuse(`${{ base: 'the file its draft was started from', mine: 'the draft', theirs: 'the file' }[merge.which]} is not valid JSON`);
      if (merge.kind === 'overlap') {
        const where = merge.overlaps.map((o) => (o.mine === o.theirs ? o.mine || '/' : `${o.mine || '/'} (the file: ${o.theirs || '/'})`));
        throw new TRPCError({ code: 'CONFLICT', message: `${id}/${docPath}: the draft and the file on disk both changed ${firstFew(where)}: nothing was merged. Change the draft by hand, or publish over the file (its text is kept in the history)` });
      }
      const saved = merge.text === draft.content ? draft : store.saveDraft({ ...key, baseRevision: draft.revision, content: merge.text });
      store.standOn(key, file);
      return { revision: saved.revision, merged: true };
    });
  }),
});
