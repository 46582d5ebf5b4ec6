import { authoringRouter } from './routers/authoring';
import { draftsRouter } from './routers/drafts';
import { mapRouter } from './routers/map';
import { rulesetsRouter } from './routers/rulesets';
import { router } from './trpc';

export const appRouter = router({
  rulesets: rulesetsRouter,
  drafts: draftsRouter,
  authoring: authoringRouter,
  map: mapRouter,
});

export type AppRouter = typeof appRouter;
