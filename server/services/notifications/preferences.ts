import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { assertSelf, type SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { TNotificationChannels, TNotificationPrefs } from '../../../common/schemas/waitlist';
import { readSmsConfig } from '../../../db/config-rows';

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
