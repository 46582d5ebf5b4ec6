import { authoringRouter } from './routers/authoring';
import { draftsRouter } from './routers/drafts';
import { gapsRouter } from './routers/gaps';
import { gamesRouter } from './routers/games';
import { mapRouter } from './routers/map';
import { onDiskRouter } from './routers/on-disk';
import { removalRouter } from './routers/removal';
import { rulesetsRouter } from './routers/rulesets';
import { scenarioMapRouter } from './routers/scenario-map';
import { simulationsRouter } from './routers/simulations';
import { unlistedRouter } from './routers/unlisted';
import { mergeRouters, router } from './trpc';

export const appRouter = router({
  rulesets: rulesetsRouter,
  drafts: draftsRouter,
  authoring: mergeRouters(authoringRouter, removalRouter, unlistedRouter, gapsRouter, onDiskRouter),
  map: mapRouter,
  games: gamesRouter,
  scenarioMap: scenarioMapRouter,
  simulations: simulationsRouter,
});

export type AppRouter = typeof appRouter;
