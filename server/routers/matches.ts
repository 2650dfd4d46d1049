import { router } from '../trpc/init';

export const matchesRouter = router({});
