import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import {
  PUSH_KINDS,
  type TPushDevice,
  type TPushEndpointInput,
  type TPushKindsInput,
  type TPushSubscriptionInput,
} from '../../../common/schemas/push';
import { pushSubscriptions } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';

/**
 * The VAPID public key browsers subscribe with. Public (it is in every push request anyway); a
 * 503 with a French message while push is off on this server (production without keys).
 */
export function getVapidPublicKey(deps: Pick<Deps, 'push'>): { key: string } {
  if (!deps.push.publicKey) throw new AppError('SERVICE_UNAVAILABLE', MSG.push.off);
  return { key: deps.push.publicKey };
}

/**
 * Registers this device's push subscription for the player, or refreshes it when the endpoint is
 * known: in one statement (INSERT … ON CONFLICT), so concurrent registrations of one endpoint
 * leave one row. A device that changes hands moves to the current player with every kind on
 * again (the previous owner's choices are not theirs); the same owner keeps their choices.
 * `created` tells a new row from a refreshed one (xmax = 0 only on a freshly inserted tuple).
 */
export async function savePushSubscription(
  deps: Pick<Deps, 'db' | 'clock' | 'push'>,
  actor: SessionUser,
  input: TPushSubscriptionInput,
): Promise<TPushDevice & { created: boolean }> {
  if (!deps.push.enabled) throw new AppError('SERVICE_UNAVAILABLE', MSG.push.off);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(pushSubscriptions)
    .values({
      userId: actor.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      kinds: [...PUSH_KINDS],
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: actor.id,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        kinds: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.kinds} else excluded.kinds end`,
        lastFailureAt: null,
        lastFailure: null,
        updatedAt: now,
      },
    })
    .returning({
      endpoint: pushSubscriptions.endpoint,
      kinds: pushSubscriptions.kinds,
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error('push subscription upsert returned nothing');
  return { endpoint: row.endpoint, kinds: row.kinds, created: row.created };
}

/**
 * Forgets this device for the player. Only their own: another player's endpoint is left alone,
 * and the answer is the same (204) either way, so it reveals nothing about other devices.
 */
export async function deletePushSubscription(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  input: TPushEndpointInput,
): Promise<void> {
  await deps.db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, actor.id)),
    );
}

/** This device's subscription if the player owns it (null: not subscribed here, or not theirs). */
export async function getPushDevice(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  input: TPushEndpointInput,
): Promise<TPushDevice | null> {
  const [row] = await deps.db
    .select({ endpoint: pushSubscriptions.endpoint, kinds: pushSubscriptions.kinds })
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, actor.id)),
    );
  return row ?? null;
}

/** Which notices this device gets; pending ones follow the new choice (checked before sending). */
export async function setPushKinds(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: TPushKindsInput,
): Promise<TPushDevice> {
  const kinds = PUSH_KINDS.filter((k) => input.kinds.includes(k));
  const [row] = await deps.db
    .update(pushSubscriptions)
    .set({ kinds, updatedAt: deps.clock.now() })
    .where(
      and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, actor.id)),
    )
    .returning({ endpoint: pushSubscriptions.endpoint, kinds: pushSubscriptions.kinds });
  if (!row) throw notFound(MSG.push.notFound);
  return row;
}
