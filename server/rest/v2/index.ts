import type { FastifyInstance } from 'fastify';
import { MSG } from '../../../common/messages';
import type { Deps } from '../../deps';
import { plainSerializer, zodValidator, type RestApp } from '../http';
import { integrationsAdminRoutes, v2WebhookRoutes } from './admin';
import { installV2Context, installV2Errors, v2Error } from './http';
import { registerV2OpenApi, v2OpenApiRoutes } from './openapi';
import { v2Routes } from './resources';

/**
 * API v2 (`/api/v2`) and the admin paths of its keys and webhooks, registered under `/api` BESIDE
 * the legacy plugin (not inside it): its own validator, `{ error: { code, message } }` errors,
 * API-key authentication, and its own OpenAPI document, which the legacy one never sees.
 */
export async function integrationsPlugin(fastify: FastifyInstance, { deps }: { deps: Deps }) {
  fastify.setValidatorCompiler(zodValidator);
  fastify.setSerializerCompiler(plainSerializer);
  installV2Errors(fastify);
  installV2Context(fastify, deps);
  await registerV2OpenApi(fastify);
  const app: RestApp = fastify.withTypeProvider();
  integrationsAdminRoutes(app, deps);
  await fastify.register(
    (v2, _opts, done) => {
      const typed: RestApp = v2.withTypeProvider();
      v2Routes(typed, deps);
      v2WebhookRoutes(typed, deps);
      v2OpenApiRoutes(v2);
      v2.setNotFoundHandler((_req, reply) =>
        reply.code(404).send(v2Error('NOT_FOUND', MSG.http.routeNotFound)),
      );
      done();
    },
    { prefix: '/v2' },
  );
}
