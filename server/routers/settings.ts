import { z } from 'zod';
import { ZSettings } from '../../common/schemas/catalog';
import { getSettings } from '../services/settings';
import { parsed, publicProcedure, router } from '../trpc/init';

export const settingsRouter = router({
  get: publicProcedure
    .input(z.void())
    .output(parsed(ZSettings))
    .query(({ ctx }) => getSettings(ctx.deps)),
});
