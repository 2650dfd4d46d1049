import { adminRouter } from '../routers/admin';
import { authRouter } from '../routers/auth';
import { levelsRouter } from '../routers/levels';
import { matchesRouter } from '../routers/matches';
import { placesRouter } from '../routers/places';
import { settingsRouter } from '../routers/settings';
import { usersRouter } from '../routers/users';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  matches: matchesRouter,
  places: placesRouter,
  levels: levelsRouter,
  settings: settingsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
