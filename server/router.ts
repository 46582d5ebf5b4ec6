import { authoringRouter } from './routers/authoring';
import { draftsRouter } from './routers/drafts';
import { gamesRouter } from './routers/games';
import { mapRouter } from './routers/map';
import { rulesetsRouter } from './routers/rulesets';
import { scenarioMapRouter } from './routers/scenario-map';
import { router } from './trpc';

export const appRouter = router({
  rulesets: rulesetsRouter,
  drafts: draftsRouter,
  authoring: authoringRouter,
  map: mapRouter,
  games: gamesRouter,
  scenarioMap: scenarioMapRouter,
});

export type AppRouter = typeof appRouter;
