import { router } from '../trpc/init';

export const usersRouter = router({});
