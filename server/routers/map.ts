import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { rulesetExists } from '../catalog';
import { draftStore } from '../db';
import { areaView } from '../geo/area-view';
import { mapView, MapViewError } from '../geo/view';
import { FitError } from '../../engine/map/fit';
import { displayPath, PathError, rulesetsRoot } from '../paths';
import { publicProcedure, router } from '../trpc';

/** Runs a map view builder, turning its errors into clear tRPC errors. */
export function viewing<T>(build: () => T): T {
  try {
    return build();
  } catch (err) {
    if (err instanceof PathError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message, cause: err });
    if (err instanceof MapViewError || err instanceof FitError) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: err.message, cause: err });
    throw err;
  }
}

/** The view of a ruleset in the library. */
const viewOf = <T>(rulesetId: string, build: () => T): T =>
  viewing(() => {
    if (!rulesetExists(rulesetId)) throw new TRPCError({ code: 'NOT_FOUND', message: `No ruleset "${rulesetId}" in the library` });
    return build();
  });

export const mapRouter = router({
  /** A hex map as the map view draws it, each document read from its latest draft where there is one. */
  view: publicProcedure.input(z.strictObject({ rulesetId: z.string().min(1).max(100) })).query(({ input }) => {
    const { rulesetId } = input;
    return viewOf(rulesetId, () => {
      const store = draftStore();
      return mapView(rulesetsRoot(), rulesetId, (path) => store.getDraft({ rulesetId, path }));
    });
  }),

  /** An area map as the map view draws it, each document of the ruleset read from its latest draft. */
  areaView: publicProcedure.input(z.strictObject({ rulesetId: z.string().min(1).max(100) })).query(({ input }) => {
    const { rulesetId } = input;
    // Its folder as the command line names it, for the bootstrap command the page suggests.
    return viewOf(rulesetId, () => {
      const store = draftStore();
      return { ...areaView(rulesetsRoot(), rulesetId, (doc) => store.getDraft({ rulesetId, path: doc })), folder: displayPath(path.join(rulesetsRoot(), rulesetId)) };
    });
  }),
});
