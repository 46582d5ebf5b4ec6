import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { rulesetExists } from '../catalog';
import { draftStore } from '../db';
import { mapView, MapViewError } from '../geo/view';
import { PathError, rulesetsRoot } from '../paths';
import { publicProcedure, router } from '../trpc';

export const mapRouter = router({
  /** A hex map as the map view draws it, each document read from its latest draft where there is one. */
  view: publicProcedure.input(z.object({ rulesetId: z.string().min(1).max(100) })).query(({ input }) => {
    const { rulesetId } = input;
    try {
      if (!rulesetExists(rulesetId)) throw new TRPCError({ code: 'NOT_FOUND', message: `No ruleset "${rulesetId}" in the library` });
      const store = draftStore();
      return mapView(rulesetsRoot(), rulesetId, (path) => store.getDraft({ rulesetId, path }));
    } catch (err) {
      if (err instanceof PathError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message, cause: err });
      if (err instanceof MapViewError) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: err.message, cause: err });
      throw err;
    }
  }),
});
