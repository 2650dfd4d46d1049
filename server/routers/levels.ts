import { z } from 'zod';
import { ZLevel } from '../../common/schemas/catalog';
import { listLevels } from '../services/levels';
import { parsed, publicProcedure, router } from '../trpc/init';

export const levelsRouter = router({
  list: publicProcedure
    .input(z.void())
    .output(parsed(z.array(ZLevel)))
    .query(({ ctx }) => listLevels(ctx.deps)),
});
