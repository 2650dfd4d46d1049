import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { catalogRoutes } from './catalog';
import { installRestContext, installRestErrors } from './http';
import { matchesRoutes } from './matches';
import { openApiRoutes } from './openapi';
import { usersRoutes } from './users';

/** The documented legacy paths, under `/api`: each parses, calls the tRPC procedure's service, and shapes. */
export function restPlugin(app: FastifyInstance, { deps }: { deps: Deps }, done: () => void) {
  app.decorate('restCatalogue', []);
  installRestErrors(app);
  installRestContext(app, deps);
  for (const routes of [catalogRoutes, authRoutes, usersRoutes, matchesRoutes, adminRoutes]) routes(app, deps);
  openApiRoutes(app);
  done();
}
