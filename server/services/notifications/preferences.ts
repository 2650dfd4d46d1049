import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { assertSelf, type SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { TNotificationChannels, TNotificationPrefs } from '../../../common/schemas/waitlist';
import { readSmsConfig } from '../../../db/config-rows';
import { NOTICE_TYPES } from '../../../common/notification-types';
import { shortTime } from '../../../common/schedule';
import type { TNotificationPreferences } from '../../../common/schemas/notification-preferences';

/** The player's own notification choices (another id is a 403, as for the profile). */
export async function getNotificationPrefs(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id = actor.id,
): Promise<TNotificationPrefs> {
  assertSelf(actor, id);
  const [row] = await deps.db
    .select({ notify_email: users.notifyEmail, notify_sms: users.notifySms })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound(MSG.profile.userNotFound);
  return row;
}

/**
 * Turns match notifications by e-mail and by SMS on or off for the player. Pending notifications
 * follow the new choice (the worker checks it before sending); security codes never depend on it.
 */
export async function updateNotificationPrefs(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: TNotificationPrefs,
  id = actor.id,
): Promise<TNotificationPrefs> {
  assertSelf(actor, id);
  const [row] = await deps.db
    .update(users)
    .set({
      notifyEmail: input.notify_email,
      notifySms: input.notify_sms,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, id))
    .returning({ notify_email: users.notifyEmail, notify_sms: users.notifySms });
  if (!row) throw notFound(MSG.profile.userNotFound);
  return row;
}

/**
 * Whether SMS notices can go out at all (a live Twilio config): the profile greys the SMS choice out,
 * with the reason, rather than offering a switch that sends nothing.
 */
export async function getNotificationChannels(
  deps: Pick<Deps, 'db'>,
): Promise<TNotificationChannels> {
  return { sms: (await readSmsConfig(deps.db))?.isLive ?? false };
}

const preferenceColumns = {
  email: users.notifyEmail,
  sms: users.notifySms,
  push: users.notifyPush,
  muted: users.mutedTypes,
  quietFrom: users.quietFrom,
  quietTo: users.quietTo,
};
interface PreferenceRow {
  email: boolean;
  sms: boolean;
  push: boolean;
  muted: string[];
  quietFrom: string | null;
  quietTo: string | null;
}

function present(row: PreferenceRow): TNotificationPreferences {
  return {
    channels: { email: row.email, sms: row.sms, push: row.push },
    types: Object.fromEntries(
      NOTICE_TYPES.map((t) => [t, !row.muted.includes(t)]),
    ) as TNotificationPreferences['types'],
    quiet_hours:
      row.quietFrom && row.quietTo
        ? { from: shortTime(row.quietFrom), to: shortTime(row.quietTo) }
        : null,
  };
}

/** The player's channels, types and quiet hours (issue 41); another id is a 403. */
export async function getNotificationPreferences(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id = actor.id,
): Promise<TNotificationPreferences> {
  assertSelf(actor, id);
  const [row] = await deps.db.select(preferenceColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound(MSG.profile.userNotFound);
  return present(row);
}

/**
 * Saves them whole. Notices already queued follow the new choice: the outbox worker reads it
 * when it takes each one (server/services/notifications/worker.ts).
 */
export async function updateNotificationPreferences(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: TNotificationPreferences,
  id = actor.id,
): Promise<TNotificationPreferences> {
  assertSelf(actor, id);
  const [row] = await deps.db
    .update(users)
    .set({
      notifyEmail: input.channels.email,
      notifySms: input.channels.sms,
      notifyPush: input.channels.push,
      mutedTypes: NOTICE_TYPES.filter((t) => !input.types[t]),
      quietFrom: input.quiet_hours?.from ?? null,
      quietTo: input.quiet_hours?.to ?? null,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, id))
    .returning(preferenceColumns);
  if (!row) throw notFound(MSG.profile.userNotFound);
  return present(row);
}
