import { MSG_API } from '../../../common/messages-api';
import { eq, isNotNull, and, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { rowsOf } from '../../../db/client';
import { outbox, users, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import type { Deps } from '../../deps';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertPublicUrl, checkedLookup, systemResolver } from '../../lib/ssrf';

export interface WebhookWorkerOptions {
  intervalMs: number;
  /** How long a claimed delivery is reserved for this instance (longer than a send can take). */
  leaseMs?: number;
  timeoutMs?: number;
  batchSize?: number;
}

interface Claimed {
  id: number;
  endpoint_id: number;
  event_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret_sealed: string;
}

/** Exponential: base, 2×base, 4×base…, capped at 6 h. */
export const webhookRetryDelayMs = (base: number, attempts: number) =>
  Math.min(base * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/**
 * Sends the webhook outbox. Instances share the table: a batch is claimed with `FOR UPDATE SKIP
 * LOCKED` and leased (`locked_until`) in one UPDATE, so each delivery is in one instance's hands at
 * a time, and marked delivered once the receiver answered 2xx; a failure is retried later with
 * backoff, given up after WEBHOOK_MAX_ATTEMPTS, and an endpoint failing WEBHOOK_DISABLE_AFTER times
 * in a row is disabled, the admins told by e-mail through the outbox.
 */
export function createWebhookWorker(deps: Deps, o: WebhookWorkerOptions) {
  const leaseMs = o.leaseMs ?? 60_000;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const batchSize = o.batchSize ?? 10;
  const production = deps.env.NODE_ENV === 'production';
  const resolve = deps.resolveHost ?? systemResolver;
  // Every connection resolves its host through the guard: the address reached is a checked one.
  const lookup = checkedLookup(production, resolve);
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  const rounds = new Set<Promise<unknown>>();

  async function claim(): Promise<Claimed[]> {
    const d = webhookDeliveries;
    const e = webhookEndpoints;
    const result = await deps.db.execute(sql`update ${d} set
        locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
        attempts = ${d.attempts} + 1
      from ${e}
      where ${e.id} = ${d.endpointId} and ${d.id} in (
        select dd.id from ${d} dd join ${e} ee on ee.id = dd.endpoint_id
         where dd.delivered_at is null and dd.failed_at is null and dd.send_after <= now()
           and (dd.locked_until is null or dd.locked_until <= now()) and ee.disabled_at is null
         order by dd.send_after, dd.id limit ${batchSize}
         for update of dd skip locked)
      returning ${d.id} as id, ${d.endpointId} as endpoint_id, ${d.eventId} as event_id,
                ${d.payload} as payload, ${d.attempts} as attempts, ${e.url} as url,
                ${e.secretSealed} as secret_sealed`);
    return rowsOf<Claimed>(result).map((r) => ({
      ...r,
      id: Number(r.id),
      attempts: Number(r.attempts),
    }));
  }

  /**
   * One HTTP POST, signed per Standard Webhooks; answers the status, or throws with why it failed.
   * node:http(s) rather than fetch: its `lookup` option is the one resolution the socket uses, and
   * it never follows a redirect (which could lead anywhere, an internal address: a failure here).
   */
  async function post(row: Claimed): Promise<number> {
    await assertPublicUrl(row.url, production, resolve);
    const secret = deps.secrets.decrypt(row.secret_sealed);
    const at = new Date();
    const signature = new Webhook(secret).sign(row.event_id, at, row.payload);
    const url = new URL(row.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<number>((resolveStatus, reject) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(row.payload),
            'user-agent': 'PadelMatch-Webhooks/1',
            'webhook-id': row.event_id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signature,
          },
          lookup,
          // A fresh connection per delivery: a pooled socket would skip the lookup.
          agent: false,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (res) => {
          // The answer's body is not read: the status is all that counts.
          res.resume();
          res.on('error', () => {});
          resolveStatus(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.end(row.payload);
    });
  }

  async function settle(row: Claimed, status: number | null, error: string | null) {
    const d = webhookDeliveries;
    const e = webhookEndpoints;
    const ok = status !== null && status >= 200 && status < 300;
    // The endpoint's row first, then the delivery's: the order of an endpoint's deletion (its
    // deliveries go by cascade), so the two never wait for each other (a deadlock: a 500).
    await deps.db.transaction(async (tx) => {
      if (ok) {
        await tx.update(e).set({ consecutiveFailures: 0 }).where(eq(e.id, row.endpoint_id));
        await tx
          .update(d)
          .set({ deliveredAt: sql`now()`, lockedUntil: null, lastStatus: status, lastError: null })
          .where(eq(d.id, row.id));
        return;
      }
      const giveUp = row.attempts >= deps.env.WEBHOOK_MAX_ATTEMPTS;
      const delay = webhookRetryDelayMs(deps.env.WEBHOOK_RETRY_BASE_MS, row.attempts);
      // Disabled once, by the failure that crosses the limit (the condition settles races).
      const [disabled] = await tx
        .update(e)
        .set({
          consecutiveFailures: sql`${e.consecutiveFailures} + 1`,
          disabledAt: sql`case when ${e.consecutiveFailures} + 1 >= ${deps.env.WEBHOOK_DISABLE_AFTER} and ${e.disabledAt} is null then now() else ${e.disabledAt} end`,
        })
        .where(eq(e.id, row.endpoint_id))
        .returning({
          url: e.url,
          failures: e.consecutiveFailures,
          justDisabled: sql<boolean>`${e.disabledAt} is not null and ${e.consecutiveFailures} = ${deps.env.WEBHOOK_DISABLE_AFTER}`,
        });
      await tx
        .update(d)
        .set({
          lockedUntil: null,
          lastStatus: status,
          lastError: (error ?? `HTTP ${status}`).slice(0, 500),
          ...(giveUp
            ? { failedAt: sql`now()` }
            : { sendAfter: sql`now() + make_interval(secs => ${delay / 1000})` }),
        })
        .where(eq(d.id, row.id));
      if (disabled?.justDisabled) {
        const admins = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.isAdmin, true), isNotNull(users.email)));
        const rows = admins.flatMap((a) =>
          a.email
            ? [
                {
                  channel: 'email' as const,
                  event: 'webhook_disabled',
                  userId: a.id,
                  recipient: a.email,
                  subject: MSG_API.disabledSubject,
                  body: MSG_API.disabledBody(disabled.url, disabled.failures),
                },
              ]
            : [],
        );
        if (rows.length > 0) await tx.insert(outbox).values(rows);
        deps.logger.warn(
          { url: disabled.url },
          'webhook endpoint disabled after repeated failures',
        );
      }
    });
  }

  async function send(row: Claimed) {
    try {
      const status = await post(row);
      await settle(row, status, null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await settle(row, null, message);
    }
  }

  /** Claims and sends until nothing is due; answers how many deliveries were attempted. */
  async function round(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return handled;
      await Promise.all(rows.map(send));
      handled += rows.length;
    }
  }

  function runOnce(): Promise<number> {
    const r = round();
    const tracked = r.catch(() => {}).finally(() => rounds.delete(tracked));
    rounds.add(tracked);
    return r;
  }

  const tick = () => {
    void runOnce()
      .catch((err: unknown) => deps.logger.error({ err }, 'webhook worker round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, o.intervalMs);
      });
  };

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(rounds);
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
