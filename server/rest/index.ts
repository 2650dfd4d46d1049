import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { adminRoutes } from './admin';
import { adminDashboardRoutes } from './admin-dashboard';
import { authRoutes } from './auth';
import { catalogRoutes } from './catalog';
import {
  installRestContext,
  installRestErrors,
  plainSerializer,
  zodValidator,
  type RestApp,
} from './http';
import { liveRoutes } from './live';
import { matchesRoutes } from './matches';
import { openApiRoutes, registerOpenApi } from './openapi';
import { pushRoutes } from './push';
import { resultsRoutes } from './results';
import { usersRoutes } from './users';
import { groupsRoutes } from './groups';
import { chatRoutes } from './chat';
import { eveningsRoutes } from './evenings';
import { wantsRoutes } from './wants';
import { courtRoutes } from './court';

/** The documented legacy paths, under `/api`: each parses, calls the tRPC procedure's service, and shapes. */
export async function restPlugin(fastify: FastifyInstance, { deps }: { deps: Deps }) {
  fastify.setValidatorCompiler(zodValidator);
  fastify.setSerializerCompiler(plainSerializer);
  installRestErrors(fastify);
  installRestContext(fastify, deps);
  // Before the routes: @fastify/swagger collects them as they are added.
  await registerOpenApi(fastify);
  const app: RestApp = fastify.withTypeProvider();
  for (const routes of [
    catalogRoutes,
    authRoutes,
    usersRoutes,
    matchesRoutes,
    liveRoutes,
    adminRoutes,
    pushRoutes,
    groupsRoutes,
    chatRoutes,
    resultsRoutes,
    adminDashboardRoutes,
    eveningsRoutes,
    wantsRoutes,
    courtRoutes,
  ])
    routes(app, deps);
  openApiRoutes(fastify);
}
