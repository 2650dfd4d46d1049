import { router } from '../trpc/init';

export const adminRouter = router({});
