import { z } from 'zod';
import { ZPlace } from '../../common/schemas/catalog';
import { listActivePlaces } from '../services/places';
import { parsed, publicProcedure, router } from '../trpc/init';

export const placesRouter = router({
  list: publicProcedure
    .input(z.void())
    .output(parsed(z.array(ZPlace)))
    .query(({ ctx }) => listActivePlaces(ctx.deps)),
});
