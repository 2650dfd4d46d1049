import { z } from 'zod';
import { ZPlace } from '../../common/schemas/catalog';
import { listActivePlaces } from '../services/places';
import { publicProcedure, router } from '../trpc/init';

export const placesRouter = router({
  list: publicProcedure
    .input(z.void())
    .output(z.array(ZPlace))
    .query(({ ctx }) => listActivePlaces(ctx.deps)),
});
