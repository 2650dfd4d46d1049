import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { APP_VERSION } from '../../common/limits';
import { SESSION_COOKIE } from '../lib/auth';
import { renderDocsPage } from './docs';
import type { AnyRouteSpec } from './route';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** The parts of an OpenAPI 3.1 operation this module writes and the docs page reads. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, JsonSchema>;
  'x-auth'?: 'user' | 'admin';
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const PREFIX = '/api';

/** Error answers, each a `{ error }` body (plus `success: false` where the documented answer has `success`). */
const ERRORS: Record<string, string> = {
  '400': 'Données invalides (message en français dans `error`).',
  '401': 'Connexion requise : jeton absent, invalide ou expiré.',
  '403': 'Interdit : droits insuffisants, ou `user_id`/`created_by`/`userId`/en-tête `user-id` différent de l’utilisateur de la session.',
  '404': 'Ressource introuvable.',
  '409': 'Conflit avec l’état actuel (déjà existant, complet, déjà inscrit…).',
  '413': 'Corps de requête trop volumineux (photos : 5 Mo maximum).',
  '415': 'Corps de requête autre que JSON (application/json).',
  '429': 'Trop de tentatives : réessayez plus tard.',
  '500': 'Erreur serveur.',
  '502': 'Service externe (email, SMS) indisponible.',
};

const SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** `/matches/:id/join` → `/api/matches/{id}/join`. */
export const toOpenApiPath = (url: string) => `${PREFIX}${url}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Converts zod schemas to JSON Schema 2020-12 (OpenAPI 3.1's dialect), hoisting shared `$defs` into `components.schemas`. */
class SchemaConverter {
  readonly schemas: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$schema;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const key of Object.keys(defs)) names.set(key, this.nameFor(key, io, defs[key]!));
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => {
          if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
            return [k, `#/components/schemas/${names.get(v.slice(8)) ?? v.slice(8)}`];
          }
          return [k, rewrite(v)];
        }),
      );
    };
    for (const [key, name] of names) this.schemas[name] = rewrite(defs[key]) as JsonSchema;
    return rewrite(json) as JsonSchema;
  }

  /** A components key for a `$defs` entry; a different schema under the same id gets a suffix. */
  private nameFor(key: string, io: string, def: JsonSchema): string {
    const base = key.replace(/[^A-Za-z0-9._-]/g, '_');
    const same = (name: string) => this.schemas[name] === undefined || JSON.stringify(this.schemas[name]) === JSON.stringify(def);
    if (same(base)) return base;
    for (let i = 0; ; i++) {
      const name = i === 0 ? `${base}_${io}` : `${base}_${io}${i}`;
      if (same(name)) return name;
    }
  }
}

function parametersFrom(json: JsonSchema | undefined, where: 'path' | 'query' | 'header'): OpenApiParameter[] {
  const props = (json?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json?.required ?? []) as string[]);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

const errorRef = (status: string) => ({ $ref: `#/components/responses/Error${status}` });

function operationFor(spec: AnyRouteSpec, conv: SchemaConverter): OpenApiOperation {
  const path = toOpenApiPath(spec.url);
  const pathNames = [...spec.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const params = parametersFrom(spec.params && conv.convert(spec.params, 'input'), 'path');
  for (const name of pathNames) {
    if (!params.some((p) => p.name === name)) params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  const parameters = [
    ...params,
    ...parametersFrom(spec.query && conv.convert(spec.query, 'input'), 'query'),
    ...parametersFrom(spec.headers && conv.convert(spec.headers, 'input'), 'header'),
  ];
  if (spec.auth) {
    parameters.push({
      name: 'user-id',
      in: 'header',
      required: false,
      description: 'Compatibilité : s’il est présent, doit être l’identifiant de l’utilisateur de la session (sinon 403).',
      schema: { type: 'string' },
    });
  }
  const body = spec.body && conv.convert(spec.body, 'input');
  const status = String(spec.status ?? 200);
  const answer = spec.response ? conv.convert(spec.response, 'output') : {};
  // Authentication paths answer 401/403 too (wrong PIN, identity not proven), and are rate limited.
  const isAuthPath = spec.url.startsWith('/auth/');
  const errors = ['400', '500'];
  if (spec.auth || isAuthPath) errors.push('401', '403');
  if (pathNames.length || body) errors.push('404');
  if (spec.method !== 'GET') errors.push('409');
  if (body) errors.push('413', '415');
  // The personal-data export is limited per account (server/lib/door-limits.ts).
  if (isAuthPath || spec.url === '/users/:id/export') errors.push('429');
  if (spec.method === 'POST' && (isAuthPath || spec.url.startsWith('/admin/'))) errors.push('502');
  return {
    operationId: `${spec.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: spec.summary,
    tags: [spec.tag],
    security: spec.auth ? SECURITY : [],
    ...(spec.auth ? { 'x-auth': spec.auth } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: ((body.required ?? []) as string[]).length > 0, content: { 'application/json': { schema: body } } } }
      : {}),
    responses: {
      [status]: {
        description: spec.response ? 'Réponse documentée.' : 'Réponse (forme non décrite).',
        // A schema with `contentMediaType` (e.g. a photo) describes raw bytes, not JSON.
        content: { [typeof answer.contentMediaType === 'string' ? answer.contentMediaType : 'application/json']: { schema: answer } },
      },
      ...Object.fromEntries(errors.sort().map((s) => [s, errorRef(s)])),
    },
  };
}

/** Paths that are not `route()` entries but are part of the public surface. */
function staticPaths(): OpenApiDocument['paths'] {
  const json = (schema: JsonSchema, description: string) => ({ description, content: { 'application/json': { schema } } });
  const op = (operationId: string, summary: string, tag: string, responses: Record<string, JsonSchema>): OpenApiOperation => ({
    operationId,
    summary,
    tags: [tag],
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
      get: op('getHealthz', 'Vivacité : le processus répond (la base de données n’est pas consultée, voir /readyz)', 'Documentation', {
        '200': json(health, 'Le processus répond.'),
      }),
    },
    '/readyz': {
      get: op('getReadyz', 'Prêt à servir : base de données joignable et toutes les migrations appliquées', 'Documentation', {
        '200': json(ready, 'Prêt à recevoir du trafic.'),
        '503': json(ready, 'Base de données injoignable en 2 s, migrations en attente ou arrêt en cours (raison dans `reason`).'),
      }),
    },
    '/api/openapi.json': {
      get: op('getApiOpenapiJson', 'Cette description OpenAPI 3.1', 'Documentation', {
        '200': json({ type: 'object' }, 'Document OpenAPI 3.1.'),
      }),
    },
    '/api/docs': {
      get: op('getApiDocs', 'Page de référence lisible (HTML)', 'Documentation', {
        '200': { description: 'Page HTML autonome.', content: { 'text/html': { schema: { type: 'string' } } } },
      }),
    },
  };
}

/** The OpenAPI 3.1 description of every REST path, built from the route catalogue and the shared zod schemas. */
export function buildOpenApiDocument(catalogue: readonly AnyRouteSpec[]): OpenApiDocument {
  const conv = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  for (const spec of catalogue) {
    const item = (paths[toOpenApiPath(spec.url)] ??= {});
    item[spec.method.toLowerCase()] = operationFor(spec, conv);
  }
  Object.assign(paths, staticPaths());
  const tagNames = [...new Set(catalogue.map((s) => s.tag)), 'Documentation'];
  return {
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
    tags: tagNames.map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ...conv.schemas,
        Error: {
          type: 'object',
          properties: {
            error: { type: 'string', description: 'Message en français.' },
            success: { const: false },
            requestId: {
              type: 'string',
              description: 'Sur les erreurs 500 : l’identifiant de la requête (aussi dans l’en-tête X-Request-Id), à citer au support.',
            },
          },
          required: ['error'],
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Le `token` des réponses de connexion et d’inscription.' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Cookie de session posé à la connexion.' },
      },
    },
  };
}

/** `GET /api/openapi.json` and `GET /api/docs`, generated at request time from `app.restCatalogue`. */
export function openApiRoutes(app: FastifyInstance) {
  app.get('/openapi.json', () => buildOpenApiDocument(app.restCatalogue));
  app.get('/docs', (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .send(renderDocsPage(buildOpenApiDocument(app.restCatalogue))),
  );
}
