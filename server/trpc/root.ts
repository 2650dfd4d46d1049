import { adminRouter } from '../routers/admin';
import { authRouter } from '../routers/auth';
import { levelsRouter } from '../routers/levels';
import { matchesRouter } from '../routers/matches';
import { placesRouter } from '../routers/places';
import { pushRouter } from '../routers/push';
import { resultsRouter } from '../routers/results';
import { settingsRouter } from '../routers/settings';
import { usersRouter } from '../routers/users';
import { groupsRouter } from '../routers/groups';
import { chatRouter } from '../routers/chat';
import { integrationsRouter } from '../routers/integrations';
import { eveningsRouter } from '../routers/evenings';
import { wantsRouter } from '../routers/wants';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  matches: matchesRouter,
  places: placesRouter,
  levels: levelsRouter,
  settings: settingsRouter,
  admin: adminRouter,
  push: pushRouter,
  groups: groupsRouter,
  chat: chatRouter,
  results: resultsRouter,
  integrations: integrationsRouter,
  evenings: eveningsRouter,
  wants: wantsRouter,
});

export type AppRouter = typeof appRouter;

/**
 * Every procedure path (`matches.byId`), for the metrics' route labels. tRPC has no public listing;
 * `_def.procedures` is the flat map its own adapters resolve paths against, read here once.
 */
export const procedurePaths: readonly string[] = Object.keys(appRouter._def.procedures);
export const createCaller = createCallerFactory(appRouter);
