/**
 * The app's whole callable surface, discovered rather than listed: every tRPC procedure from the
 * router and every REST operation from the OpenAPI document. Shared by the authorization matrix
 * and the fuzzing test (not a test file itself).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client';
import { appRouter } from '../../server/trpc/root';

export interface Procedure {
  path: string;
  kind: 'query' | 'mutation';
  /** Input field names (empty for an object without fields); null when the procedure takes no input. */
  fields: string[] | null;
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[] };
}

function fieldsOf(schema: z.ZodType | undefined): string[] | null {
  if (!schema) return null;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

/**
 * Live streams answer for as long as the client listens, which `inject` cannot wait out: they are
 * left to tests/integration/live.test.ts (401 without a session, 404, the cap, revocation).
 */
export const LIVE_STREAMS = [
  'matches.onChange',
  'matches.onListChange',
  'GET /api/matches/{id}/events',
  // The chat's live stream: tests/integration/chat.test.ts (live) walks it.
  'chat.onMessage',
  // The poll's live streams: tests/integration/polls-live.test.ts, groups-live-instances.test.ts,
  // and the group roles table of authz-matrix.test.ts.
  'groups.onPoll',
  'GET /api/polls/{id}/events',
  // The group page's live stream: tests/integration/groups-live.test.ts and the group roles table
  // of authz-matrix.test.ts.
  'groups.onChange',
  // The evening's live streams: the evening roles table of authz-matrix.test.ts (a stranger to a
  // private evening gets its 404 there) and tests/integration/evenings.test.ts.
  'evenings.onChange',
  'GET /api/evenings/{id}/live',
] as const;
let announced = false;
const announceLiveStreams = () => {
  if (announced) return;
  announced = true;
  console.warn(
    `[surface] not called here (answers that never end): ${LIVE_STREAMS.join(', ')}; see tests/integration/live.test.ts`,
  );
};

/** Every procedure of `appRouter` (tRPC v11 keeps them flat in `_def.procedures`). */
export function procedures(): Procedure[] {
  const record = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(record).flatMap(([path, p]) => {
    if (p._def.type === 'subscription') {
      if (!(LIVE_STREAMS as readonly string[]).includes(path))
        throw new Error(`${path}: subscriptions are not covered`);
      announceLiveStreams();
      return [];
    }
    return [{ path, kind: p._def.type, fields: fieldsOf(p._def.inputs[0]) }];
  });
}

export interface RestOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. `/api/matches/{id}`. */
  path: string;
  key: string;
  bodyFields: string[];
  queryFields: string[];
  pathParams: string[];
}

interface OpenApiOp {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

/** Every operation `/api/openapi.json` describes (and, after them, `/api/v2/openapi.json`). */
export async function restOperations(app: FastifyInstance): Promise<RestOperation[]> {
  const paths = {};
  for (const url of ['/api/openapi.json', '/api/v2/openapi.json'])
    Object.assign(
      paths,
      (await app.inject({ method: 'GET', url })).json<{
        paths: Record<string, Record<string, OpenApiOp>>;
      }>().paths,
    );
  const doc: { paths: Record<string, Record<string, OpenApiOp>> } = { paths };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([m, op]) => {
      const method = m.toUpperCase() as RestOperation['method'];
      const params = op.parameters ?? [];
      if ((LIVE_STREAMS as readonly string[]).includes(`${method} ${path}`)) {
        announceLiveStreams();
        return [];
      }
      return {
        method,
        path,
        key: `${method} ${path}`,
        bodyFields: Object.keys(
          op.requestBody?.content['application/json']?.schema.properties ?? {},
        ),
        queryFields: params.filter((p) => p.in === 'query').map((p) => p.name),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
      };
    }),
  );
}

/** A tRPC call over HTTP as the browser client makes it (GET `?input=` for queries, JSON POST otherwise). */
export function callProcedure(
  app: FastifyInstance,
  p: Procedure,
  input: unknown,
  headers: Record<string, string> = {},
) {
  if (p.kind === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return app.inject({ method: 'GET', url: `/trpc/${p.path}${query}`, headers });
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${p.path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(input ?? {}),
  });
}

/** The French text an error answer carries: REST `{ error }`, tRPC `{ error: { message } }`. */
export function errorText(res: LightMyRequestResponse): string | undefined {
  try {
    const body = res.json<{ error?: string | { message?: string } }>();
    return typeof body.error === 'string' ? body.error : body.error?.message;
  } catch {
    return undefined;
  }
}

const ENGLISH =
  /\b(expected|received|invalid|required|must|too (big|small|large)|unrecognized|not found|error|unexpected|body|cannot|failed)\b/i;
/** A non-empty message with none of the English words zod, tRPC or Fastify would use. */
export const isFrench = (message: string | undefined): message is string =>
  !!message && message.trim().length > 3 && !ENGLISH.test(message);

/** A fingerprint of every row of every table of the app's schema (and of drizzle's migrations). */
export async function snapshotTables(db: Db): Promise<Map<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`),
  );
  const snapshot = new Map<string, string>();
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: string | number; h: string | null }>(
      await db.execute(
        sql.raw(
          `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${name} t`,
        ),
      ),
    );
    snapshot.set(name, `${row?.n}:${row?.h ?? ''}`);
  }
  return snapshot;
}

/** Tables whose fingerprint differs between two snapshots. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
