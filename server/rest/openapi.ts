import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../common/limits';
import { SESSION_COOKIE } from '../lib/auth';
import { renderDocsPage } from './docs';
import {
  isSchema,
  METHODS,
  type DocOperation as Operation,
  type DocPathItem as PathItem,
} from './document';

type Json = Record<string, unknown>;

/** Error answers, each a `{ error }` body (plus `success: false` where the documented answer has `success`). */
const ERRORS: Record<string, string> = {
  '400': 'Données invalides (message en français dans `error`).',
  '401': 'Connexion requise : jeton absent, invalide ou expiré.',
  '403':
    'Interdit : droits insuffisants, ou `user_id`/`created_by`/`userId`/en-tête `user-id` différent de l’utilisateur de la session.',
  '404': 'Ressource introuvable.',
  '409': 'Conflit avec l’état actuel (déjà existant, complet, déjà inscrit…).',
  '413': 'Corps de requête trop volumineux (photos : 5 Mo maximum).',
  '415': 'Corps de requête autre que JSON (application/json).',
  '429': 'Trop de tentatives : réessayez plus tard.',
  '500': 'Erreur serveur.',
  '502': 'Service externe (email, SMS) indisponible.',
};

const SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const TAGS = [
  'Catalogue',
  'Authentification',
  'Utilisateurs',
  'Matchs',
  'Administration',
  'Notifications push',
  'Groupes',
  'Soirées',
  'Alertes « Je veux jouer »',
  'Terrain et prix',
  'Documentation',
];

const USER_ID_HEADER = {
  name: 'user-id',
  in: 'header',
  required: false,
  description:
    'Compatibilité : s’il est présent, doit être l’identifiant de l’utilisateur de la session (sinon 403).',
  schema: { type: 'string' },
};

/** Paths served outside the REST routes (or hidden from them), part of the public surface all the same. */
function staticPaths(): Record<string, PathItem> {
  const json = (schema: Json, description: string) => ({
    description,
    content: { 'application/json': { schema } },
  });
  const op = (
    operationId: string,
    summary: string,
    responses: Record<string, Json>,
  ): Operation => ({
    operationId,
    summary,
    tags: ['Documentation'],
    security: [],
    responses,
  });
  const health = {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['ok', 'error'] },
      database: { type: 'string', enum: ['ok', 'unreachable'] },
      version: { type: 'string' },
    },
    required: ['status'],
  };
  const ready = {
    type: 'object',
    properties: {
      ...health.properties,
      migrations: { type: 'string', enum: ['ok'] },
      reason: { type: 'string' },
      pending: { type: 'array', items: { type: 'string' } },
    },
    required: ['status'],
  };
  return {
    '/healthz': {
      get: op(
        'getHealthz',
        'Vivacité : le processus répond (la base de données n’est pas consultée, voir /readyz)',
        {
          '200': json(health, 'Le processus répond.'),
        },
      ),
    },
    '/readyz': {
      get: op(
        'getReadyz',
        'Prêt à servir : base de données joignable et toutes les migrations appliquées',
        {
          '200': json(ready, 'Prêt à recevoir du trafic.'),
          '503': json(
            ready,
            'Base de données injoignable en 2 s, migrations en attente ou arrêt en cours (raison dans `reason`).',
          ),
        },
      ),
    },
    '/api/openapi.json': {
      get: op('getApiOpenapiJson', 'Cette description OpenAPI 3.1', {
        '200': json({ type: 'object' }, 'Document OpenAPI 3.1.'),
      }),
    },
    '/api/docs': {
      get: op('getApiDocs', 'Page de référence lisible (HTML)', {
        '200': {
          description: 'Page HTML autonome.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
      }),
    },
  };
}

/** `post` + `/api/matches/{id}/join` → `postApiMatchesIdJoin`. */
const operationId = (method: string, path: string) =>
  `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;

/** The error statuses a REST operation can answer, from what it takes and who may call it. */
function errorStatuses(method: string, path: string, op: Operation): string[] {
  const isAuthPath = path.startsWith('/api/auth/');
  const errors = ['400', '500'];
  if (op.security?.length || isAuthPath) errors.push('401', '403');
  if (path.includes('{') || op.requestBody) errors.push('404');
  if (method !== 'get') errors.push('409');
  if (op.requestBody) errors.push('413', '415');
  // The personal-data export is limited per account (server/lib/door-limits.ts).
  if (isAuthPath || path === '/api/users/{id}/export') errors.push('429');
  if (method === 'post' && (isAuthPath || path.startsWith('/api/admin/'))) errors.push('502');
  return errors.sort();
}

/** What @fastify/swagger leaves to us on each REST operation: its id, the error answers, the legacy `user-id` header. */
function completeOperation(method: string, path: string, op: Operation) {
  op.operationId = operationId(method, path);
  if (op.security?.length) op.parameters = [...(op.parameters ?? []), USER_ID_HEADER];
  // Swagger marks every body required; only a body with required fields is.
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (op.requestBody && isSchema(body))
    op.requestBody.required = Array.isArray(body.required) && body.required.length > 0;
  for (const answer of Object.values(op.responses ?? {})) {
    if (answer?.description === 'Default Response') answer.description = 'Réponse documentée.';
  }
  for (const status of errorStatuses(method, path, op)) {
    op.responses = { ...op.responses, [status]: { $ref: `#/components/responses/Error${status}` } };
  }
}

/**
 * The OpenAPI 3.1 description, generated by @fastify/swagger from the routes' zod schemas
 * (fastify-type-provider-zod's transforms); this module adds only what the routes cannot say.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Padel Match — API REST',
        version: APP_VERSION,
        description:
          'Chemins historiques sous `/api`, corps JSON uniquement. Les réponses de connexion contiennent `token` : ' +
          'envoyez-le dans `Authorization: Bearer <token>` (ou utilisez le cookie de session). ' +
          'Les erreurs ont la forme `{ "error": "<texte en français>" }` (plus `success: false` quand la réponse documentée a `success`).',
      },
      servers: [{ url: '/', description: 'Ce serveur (les chemins incluent le préfixe /api).' }],
      tags: TAGS.map((name) => ({ name })),
      components: {
        schemas: {
          Error: {
            type: 'object',
            properties: {
              error: { type: 'string', description: 'Message en français.' },
              success: { const: false },
              requestId: {
                type: 'string',
                description:
                  'Sur les erreurs 500 : l’identifiant de la requête (aussi dans l’en-tête X-Request-Id), à citer au support.',
              },
            },
            required: ['error'],
          },
        },
        responses: Object.fromEntries(
          Object.entries(ERRORS).map(([status, description]) => [
            `Error${status}`,
            {
              description,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          ]),
        ),
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Le `token` des réponses de connexion et d’inscription.',
          },
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'Cookie de session posé à la connexion.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const auth = input.route.config?.auth;
      return {
        url,
        schema: { ...schema, security: auth ? SECURITY : [], ...(auth ? { 'x-auth': auth } : {}) },
      };
    },
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input);
      const paths: Record<string, PathItem | undefined> = doc.paths ?? {};
      for (const [path, item] of Object.entries(paths)) {
        for (const method of METHODS) {
          const op = item?.[method];
          if (op) completeOperation(method, path, op);
        }
      }
      Object.assign(paths, staticPaths());
      return doc;
    },
  });
}

/** `GET /api/openapi.json` and `GET /api/docs`, both from the generated document. */
export function openApiRoutes(app: FastifyInstance) {
  const hidden = { schema: { hide: true } };
  app.get('/openapi.json', hidden, () => app.swagger());
  app.get('/docs', hidden, (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .send(renderDocsPage(app.swagger())),
  );
}
