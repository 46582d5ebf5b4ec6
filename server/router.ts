import { draftsRouter } from './routers/drafts';
import { rulesetsRouter } from './routers/rulesets';
import { router } from './trpc';

export const appRouter = router({
  rulesets: rulesetsRouter,
  drafts: draftsRouter,
});

export type AppRouter = typeof appRouter;
