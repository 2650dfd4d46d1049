import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NOTICE_TYPES, type TNoticeType } from '../../../common/notification-types';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { Env } from '../../env';
import type { Secrets } from '../../lib/secrets';
import { publicUrl } from './match-info';

const PURPOSE = 'unsubscribe-email:v1';

/** `<user id>.<HMAC>`: names the account and proves the link came from us; it never expires (RFC 8058). */
export const unsubscribeToken = (secrets: Pick<Secrets, 'sign'>, userId: number) =>
  `${userId}.${secrets.sign(PURPOSE, String(userId))}`;

/** The user id a token was signed for, or null when it was not signed with our APP_SECRET. */
export function readUnsubscribeToken(secrets: Pick<Secrets, 'sign'>, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(secrets.sign(PURPOSE, m[1]!));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(m[1]) : null;
}

/**
 * The one-click link put in every notification mail (`List-Unsubscribe` and the footer): for a
 * notice of a type (common/notification-types.ts) it turns that type off, else the match e-mails.
 */
export const unsubscribeUrl = (
  env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  secrets: Pick<Secrets, 'sign'>,
  userId: number,
  type?: TNoticeType,
) =>
  `${publicUrl(env)}/unsubscribe?token=${unsubscribeToken(secrets, userId)}${type ? `&type=${type}` : ''}`;

/** The notice type a link names, or null for none; undefined when it names one we do not know. */
export function readNoticeType(value: unknown): TNoticeType | null | undefined {
  if (value === undefined || value === '') return null;
  return (NOTICE_TYPES as readonly unknown[]).includes(value) ? (value as TNoticeType) : undefined;
}

/**
 * Turns off, from a signed link and without a session (the link is the proof), one type of notice
 * on every channel, or with no type the player's match e-mails. Security mails (codes) do not
 * depend on it. False when the token is not ours.
 */
export async function unsubscribeByToken(
  deps: Pick<Deps, 'db' | 'secrets' | 'clock'>,
  token: string,
  type: TNoticeType | null = null,
): Promise<boolean> {
  const userId = readUnsubscribeToken(deps.secrets, token);
  if (userId === null) return false;
  await deps.db
    .update(users)
    .set(
      type
        ? {
            mutedTypes: sql`case when ${type}::text = any(${users.mutedTypes}) then ${users.mutedTypes}
                          else array_append(${users.mutedTypes}, ${type}::text) end`,
            updatedAt: deps.clock.now(),
          }
        : { notifyEmail: false, updatedAt: deps.clock.now() },
    )
    .where(eq(users.id, userId));
  return true;
}
