import { MSG_API } from '../../../common/messages-api';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  type TApiKey,
  type TApiScope,
  type TCreateApiKeyInput,
  type TIssuedApiKey,
} from '../../../common/schemas/integrations';
import { rowsOf } from '../../../db/client';
import { apiKeys, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import { writeAudit } from '../audit/audit-log';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Where a service account's phone would be: never a phone number, so no login can reach it. */
const SERVICE_PHONE_PREFIX = 'service:';
/** Not an argon2 hash: no PIN ever verifies against it. */
const NO_PIN = '!';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function listRows(db: Deps['db'], id?: number): Promise<TApiKey[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      serviceId: users.id,
      serviceName: users.name,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.serviceUserId))
    .where(id === undefined ? undefined : eq(apiKeys.id, id))
    .orderBy(desc(apiKeys.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    service_account: { id: r.serviceId, name: r.serviceName },
    created_at: r.createdAt.toISOString(),
    last_used_at: iso(r.lastUsedAt),
    revoked_at: iso(r.revokedAt),
  }));
}

/**
 * Issues a key: `pm_live_` + 32 random bytes (base64url), answered once; only its SHA-256 is kept
 * (a key is high-entropy, so a fast hash suffices and lookups stay one index probe). The key acts
 * as a service account: the one the admin names, or a new one named after the key.
 */
export async function issueApiKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  admin: SessionUser,
  input: TCreateApiKeyInput,
): Promise<TIssuedApiKey> {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const id = await deps.db.transaction(async (tx) => {
    let serviceUserId = input.service_account_id;
    if (serviceUserId !== undefined) {
      const [found] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, serviceUserId), eq(users.isService, true)));
      if (!found) throw notFound(MSG_API.serviceAccountInvalid);
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          name: input.name,
          phone: SERVICE_PHONE_PREFIX + randomUUID(),
          pinHash: NO_PIN,
          isService: true,
          notifyEmail: false,
          notifySms: false,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('issueApiKey: no service account created');
      serviceUserId = created.id;
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 4),
        keyHash: hashKey(key),
        scopes: [...new Set(input.scopes)],
        serviceUserId,
        createdBy: admin.id,
      })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error('issueApiKey: no key inserted');
    await writeAudit(tx, deps, admin, {
      action: 'create',
      entity: 'api_key',
      entityId: row.id,
      details: { name: input.name, scopes: input.scopes },
    });
    return row.id;
  });
  const [apiKey] = await listRows(deps.db, id);
  if (!apiKey) throw new Error('issueApiKey: key vanished');
  return { key, api_key: apiKey };
}

export const listApiKeys = (deps: Pick<Deps, 'db'>) => listRows(deps.db);

/** Revokes a key at once (the next request with it gets 401); revoking twice is a 404-free no-op. */
export async function revokeApiKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  admin: SessionUser,
  id: number,
): Promise<TApiKey> {
  await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name });
    if (revoked[0])
      await writeAudit(tx, deps, admin, {
        action: 'delete',
        entity: 'api_key',
        entityId: id,
        details: { name: revoked[0].name },
      });
  });
  const [row] = await listRows(deps.db, id);
  if (!row) throw notFound(MSG_API.keyNotFound);
  return row;
}

/** Who a v2 request acts as, and what its key may do. */
export interface ApiCaller {
  keyId: number;
  scopes: readonly string[];
  user: SessionUser;
}

export const RATE_WINDOW_SECONDS = 60;

/**
 * Authenticates a key and counts the request in its rate-limit window, in ONE conditional UPDATE:
 * the row lock orders concurrent requests of one key on every instance, so exactly `limit`
 * requests pass per window whatever the burst. A revoked or unknown key answers 401; a key over
 * its limit answers 429 with the seconds until its window ends.
 */
export async function authenticateApiKey(
  deps: Pick<Deps, 'db' | 'env'>,
  token: string | undefined,
): Promise<ApiCaller> {
  if (!token) throw new AppError('UNAUTHORIZED', MSG_API.keyRequired);
  if (!token.startsWith(API_KEY_PREFIX)) throw new AppError('UNAUTHORIZED', MSG_API.keyInvalid);
  const fresh = sql`${apiKeys.windowStart} is not null and ${apiKeys.windowStart} > now() - make_interval(secs => ${RATE_WINDOW_SECONDS})`;
  const result = await deps.db.execute(sql`with k as (

      update ${apiKeys} set
        last_used_at = now(),
        window_start = case when ${fresh} then ${apiKeys.windowStart} else now() end,
        window_count = case when ${fresh} then ${apiKeys.windowCount} + 1 else 1 end
      where ${apiKeys.keyHash} = ${hashKey(token)} and ${apiKeys.revokedAt} is null
      returning id, scopes, service_user_id, window_start, window_count
    )
    select k.id, k.scopes, k.window_count as count,
           greatest(1, ceil(extract(epoch from (k.window_start + make_interval(secs => ${RATE_WINDOW_SECONDS}) - now()))))::int as retry_after,
           u.id as user_id, u.name, u.phone
      from k join ${users} u on u.id = k.service_user_id`);
  const [row] = rowsOf<{
    id: number;
    scopes: string[];
    count: number;
    retry_after: number;
    user_id: number;
    name: string;
    phone: string;
  }>(result);
  if (!row) throw new AppError('UNAUTHORIZED', MSG_API.keyInvalid);
  if (row.count > deps.env.API_KEY_RATE_LIMIT) {
    const seconds = Number(row.retry_after);
    throw new AppError('TOO_MANY_REQUESTS', MSG_API.rateLimited(seconds), {
      retryAfterSeconds: seconds,
    });
  }
  return {
    keyId: row.id,
    scopes: row.scopes,
    user: {
      id: row.user_id,
      name: row.name,
      email: null,
      phone: row.phone,
      level: null,
      isAdmin: false,
      sessionId: 0,
    },
  };
}

/** 403 in French unless the key has `scope`. */
export function assertScope(caller: ApiCaller, scope: TApiScope): ApiCaller {
  if (!caller.scopes.includes(scope)) throw new AppError('FORBIDDEN', MSG_API.scopeMissing(scope));
  return caller;
}
