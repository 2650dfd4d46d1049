import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app';
import { ADMIN_ROWS, CONTRACT_CALLS, SPEC_ROWS, callKey } from './contract/calls';

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<
    string,
    { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }
  >;
}
interface Doc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, unknown>;
  };
}

/**
 * Every method and path the app serves, read from Fastify's own route tree (`printRoutes`), so a
 * route added anywhere — through `route()` or by hand — is seen. HEAD is Fastify's automatic twin of GET.
 */
function servedRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    const methods = m[3]?.split(', ').filter((x) => x !== 'HEAD') ?? [];
    for (const method of methods)
      out.push(`${method} ${stack.join('').replace(/:(\w+)/g, '{$1}')}`);
  }
  return out;
}

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method,
      op,
    })),
  );

let t: TestContext;
let doc: Doc;
beforeAll(async () => {
  t = await createTestContext();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Doc>();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(doc) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route the server serves under /api, and /healthz', async () => {
    // API v2 and its admin paths are described by their own document, /api/v2/openapi.json.
    const v2 = (await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json<Doc>();
    const described = new Set([...operations(doc), ...operations(v2)].map((o) => o.key));
    const served = servedRoutes(t.app).filter(
      (k) => k.split(' ')[1]!.startsWith('/api/') || k === 'GET /healthz' || k === 'GET /readyz',
    );
    expect(served.length).toBeGreaterThan(3);
    expect(served.filter((k) => !described.has(k))).toEqual([]);
  });

  it('describes only routes that exist', () => {
    const missing = operations(doc).filter(
      ({ path, method }) =>
        !t.app.hasRoute({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') }),
    );
    expect(missing.map((o) => o.key)).toEqual([]);
  });

  it('lists every spec row, admin call and path the contract test calls', () => {
    const described = new Set(operations(doc).map((o) => o.key));
    expect(CONTRACT_CALLS.length).toBe(SPEC_ROWS.length + ADMIN_ROWS.length + 4);
    expect(CONTRACT_CALLS.map(callKey).filter((k) => !described.has(k))).toEqual([]);
  });

  it('gives every REST path a summary, a tag, a unique operationId and a documented answer shape', () => {
    const ops = operations(doc);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    const undocumented = ops
      .filter(({ path }) => path.startsWith('/api/') && path !== '/api/docs')
      .filter(({ op }) => {
        // 204 No Content has no body to document, by definition.
        if (
          Object.keys(op.responses)
            .filter((s) => s.startsWith('2'))
            .join() === '204'
        )
          return false;
        const ok = Object.entries(op.responses).find(([s]) => s.startsWith('2'))?.[1];
        const schema = Object.values(ok?.content ?? {})[0]?.schema;
        return !schema || Object.keys(schema).length === 0;
      });
    expect(undocumented.map((o) => o.key)).toEqual([]);
    for (const { op } of ops) {
      expect(op.summary.length).toBeGreaterThan(3);
      expect(op.tags).toHaveLength(1);
    }
  });

  it('declares Bearer and cookie authentication, required exactly on protected paths', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'padel_session',
    });
    const byKey = new Map(operations(doc).map((o) => [o.key, o.op]));
    for (const key of [
      'POST /api/auth/login-by-email',
      'GET /api/settings',
      'GET /api/places',
      'GET /healthz',
    ]) {
      if (byKey.has(key)) expect(byKey.get(key)!.security, key).toEqual([]);
    }
    for (const key of ['GET /api/users/{id}', 'POST /api/matches', 'GET /api/admin/users']) {
      if (byKey.has(key))
        expect(byKey.get(key)!.security, key).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    }
    for (const { key, op } of operations(doc)) {
      if (op.security.length)
        expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('writes paths with /api and OpenAPI templates, path parameters declared', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const { key, path, op } of operations(doc)) {
      expect(path, key).not.toContain(':');
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), key).toEqual(names.sort());
    }
  });

  it('documents request bodies, query parameters and the error shape from the zod schemas', () => {
    const match = doc.paths['/api/matches']?.post;
    if (match) {
      const body = match.requestBody?.content['application/json']?.schema as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(body.properties)).toEqual(
        expect.arrayContaining(['place_id', 'date', 'time', 'levels', 'slots']),
      );
    }
    const list = doc.paths['/api/matches']?.get;
    if (list)
      expect((list.parameters ?? []).filter((p) => p.in === 'query').length).toBeGreaterThan(0);
    expect(doc.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: { error: { type: 'string' } },
    });
  });
});

describe('GET /api/docs', () => {
  it('is a self-contained French HTML reference listing every operation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).not.toMatch(/<script|<link|<img|src=/);
    for (const { path, method } of operations(doc)) {
      expect(res.body).toContain(
        `<span class="m m-${method}">${method.toUpperCase()}</span> <code>${path}</code>`,
      );
    }
  });
});
