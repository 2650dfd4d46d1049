import { MSG_API } from '../../../common/messages-api';
import { eq, isNotNull, and, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { rowsOf } from '../../../db/client';
import { outbox, users, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import type { Deps } from '../../deps';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertPublicUrl, checkedLookup, systemResolver } from '../../lib/ssrf';
import type { WorkerConsumer } from '../../worker/loop';
import { retryDelayMs } from '../../worker/retry';

export interface WebhookWorkerOptions {
  /** How long a claimed delivery (and its endpoint) is reserved for this instance (longer than a send can take). */
  leaseMs?: number;
  timeoutMs?: number;
  /** Deliveries in flight at once on this instance, each to a different endpoint. */
  concurrency?: number;
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

const RETRY_CAP_MS = 6 * 3_600_000;

/**
 * Sends the webhook outbox (a consumer of the worker loop, server/worker/loop.ts). Instances share
 * the table: a delivery is claimed with `FOR UPDATE SKIP LOCKED` and leased (`locked_until`) in one
 * statement, so each delivery is in one instance's hands at a time, and marked delivered once the receiver answered 2xx; a failure is retried later with
 * backoff, given up after WEBHOOK_MAX_ATTEMPTS, and an endpoint failing WEBHOOK_DISABLE_AFTER times
 * in a row is disabled, the admins told by e-mail through the outbox.
 *
 * One endpoint's slowness never delays another's deliveries: an endpoint is leased with its
 * delivery (`busy_until`) and a claim skips busy endpoints, so each endpoint has at most one
 * delivery in flight across instances, and each of the `concurrency` lanes goes on to the next
 * endpoint as soon as its own send is settled. A hanging receiver holds one lane and its own queue.
 */
export function createWebhookWorker(deps: Deps, o: WebhookWorkerOptions = {}): WorkerConsumer {
  const leaseMs = o.leaseMs ?? 60_000;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const concurrency = Math.max(1, o.concurrency ?? 8);
  const production = deps.env.NODE_ENV === 'production';
  const resolve = deps.resolveHost ?? systemResolver;
  // Every connection resolves its host through the guard: the address reached is a checked one.
  const lookup = checkedLookup(production, resolve);
  let halting = false;
  /** Lanes running on this instance, across rounds: never more than `concurrency`. */
  let lanes = 0;

  /**
   * Leases the endpoint whose oldest due delivery waits longest, among those not busy, with that
   * delivery, in one statement. The endpoint row is taken FOR UPDATE SKIP LOCKED and re-checked
   * under its lock, so two instances never both lease one endpoint.
   */
  async function claim(): Promise<Claimed | null> {
    const d = webhookDeliveries;
    const e = webhookEndpoints;
    const lease = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
    const due = (alias: string) =>
      sql.raw(`${alias}.delivered_at is null and ${alias}.failed_at is null and ${alias}.send_after <= now()
           and (${alias}.locked_until is null or ${alias}.locked_until <= now())`);
    for (;;) {
      const result = await deps.db.execute(sql`with ready as (
          select ee.id, (select dd.id from ${d} dd where dd.endpoint_id = ee.id and ${due('dd')}
                          order by dd.send_after, dd.id limit 1) as delivery_id
            from ${e} ee
           where ee.disabled_at is null and (ee.busy_until is null or ee.busy_until <= now())
             and exists (select 1 from ${d} dd where dd.endpoint_id = ee.id and ${due('dd')})
           order by (select min(dd.send_after) from ${d} dd where dd.endpoint_id = ee.id and ${due('dd')}), ee.id
           limit 1
           for update of ee skip locked
        ), busy as (
          update ${e} set busy_until = ${lease} from ready where ${e.id} = ready.id
          returning ${e.id} as id, ${e.url} as url, ${e.secretSealed} as secret_sealed, ready.delivery_id
        ), claimed as (
          update ${d} set locked_until = ${lease}, attempts = ${d.attempts} + 1
            from busy
           where ${d.id} = busy.delivery_id and ${due('webhook_deliveries')}
          returning ${d.id} as id, ${d.eventId} as event_id, ${d.payload} as payload, ${d.attempts} as attempts
        )
        select busy.id as endpoint_id, busy.url, busy.secret_sealed, claimed.id, claimed.event_id,
               claimed.payload, claimed.attempts
          from busy left join claimed on true`);
      const [row] = rowsOf<Omit<Claimed, 'id'> & { id: number | null }>(result);
      if (!row) return null;
      if (row.id !== null) return { ...row, id: Number(row.id), attempts: Number(row.attempts) };
      // The delivery picked was settled by another instance between this statement's snapshot and
      // its lock on the endpoint (the UPDATE re-checks it, the pick cannot): free the endpoint, pick again.
      await deps.db
        .update(e)
        .set({ busyUntil: null })
        .where(eq(e.id, Number(row.endpoint_id)));
    }
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
        await tx
          .update(e)
          .set({ consecutiveFailures: 0, busyUntil: null })
          .where(eq(e.id, row.endpoint_id));
        await tx
          .update(d)
          .set({ deliveredAt: sql`now()`, lockedUntil: null, lastStatus: status, lastError: null })
          .where(eq(d.id, row.id));
        return;
      }
      const giveUp = row.attempts >= deps.env.WEBHOOK_MAX_ATTEMPTS;
      const delay = retryDelayMs(deps.env.WEBHOOK_RETRY_BASE_MS, row.attempts, RETRY_CAP_MS);
      // Disabled once, by the failure that crosses the limit (the condition settles races).
      const [disabled] = await tx
        .update(e)
        .set({
          consecutiveFailures: sql`${e.consecutiveFailures} + 1`,
          busyUntil: null,
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

  /**
   * Claims and sends until nothing is due (or halted); answers how many deliveries were attempted.
   * It starts with one lane, and each lane that claims a delivery opens another while the cap
   * allows: as many claims run as there are endpoints to serve, not `concurrency` for every wake.
   * A lane that finds nothing claimable ends: the rest is busy elsewhere, or not due.
   */
  async function runOnce(): Promise<number> {
    let handled = 0;
    const running: Promise<void>[] = [];
    const open = () => {
      if (halting || lanes >= concurrency) return;
      lanes++;
      running.push(lane());
    };
    const lane = async () => {
      try {
        while (!halting) {
          const row = await claim();
          if (!row) return;
          open();
          await send(row);
          handled++;
        }
      } catch (err) {
        deps.logger.error({ err }, 'webhook lane failed');
      } finally {
        lanes--;
      }
    };
    open();
    // Lanes open while earlier ones run: each is awaited, however late it was added.
    for (let i = 0; i < running.length; i++) await running[i];
    return handled;
  }

  return {
    queue: 'webhooks',
    overlapping: true,
    runOnce,
    halt() {
      halting = true;
    },
    resume() {
      halting = false;
    },
  };
}
