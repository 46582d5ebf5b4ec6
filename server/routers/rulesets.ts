import { listRulesets } from '../catalog';
import { publicProcedure, router } from '../trpc';

export const rulesetsRouter = router({
  list: publicProcedure.query(() => listRulesets()),
});
