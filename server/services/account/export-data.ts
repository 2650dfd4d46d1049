import { and, asc, eq, or } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { TAccountExport } from '../../../common/schemas/account';
import {
  auditLog,
  authThrottles,
  matchCourts,
  matches,
  matchParticipants,
  matchPayments,
  matchRemovals,
  matchRequests,
  matchWaitlist,
  otpCodes,
  outbox,
  places,
  pushSubscriptions,
  sessions,
  trustedDevices,
  userPhotos,
  users,
} from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../deps';
import { assertSelf, type SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { userKey } from '../auth/throttle';
import { identityColumns } from '../users';
import { exportGroupData } from '../groups/export';
import { chatDataOf } from '../chat/personal-data';
import { exportResultsData } from '../results/export';
import { exportEveningGames } from '../evenings/export';
import { exportWants } from '../wants/alerts';
import { getNotificationPreferences } from '../notifications/preferences';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

const matchSummary = {
  id: matches.id,
  place: places.name,
  city: places.city,
  date: matches.date,
  time: matches.time,
  levels: matches.levels,
  slots: matches.slots,
  missingPlayers: matches.missingPlayers,
};
interface MatchRow {
  id: number;
  place: string;
  city: string;
  date: string;
  time: string;
  levels: string[];
  slots: number;
  missingPlayers: number;
}
const shapeMatch = ({ missingPlayers, time, ...m }: MatchRow) => ({
  ...m,
  time: time.slice(0, 5),
  missing_players: missingPlayers,
});

/**
 * "Télécharger mes données" (GDPR access and portability): every row stored about the player, in
 * one JSON document. Only their own rows are read; their matches' other players are counted in
 * `missing_players`, never named. Hashes of the PIN, session tokens and codes are not information
 * about the player and stay out.
 */
/** The player's court marks and paid shares (issue 42). */
async function exportCourtAndCost(db: DbOrTx, id: number) {
  const [courts, payments] = await Promise.all([
    db
      .select({ matchId: matchCourts.matchId, bookedAt: matchCourts.bookedAt })
      .from(matchCourts)
      .where(eq(matchCourts.bookedBy, id))
      .orderBy(asc(matchCourts.matchId)),
    db
      .select({
        matchId: matchPayments.matchId,
        markedBy: matchPayments.markedBy,
        paidAt: matchPayments.paidAt,
      })
      .from(matchPayments)
      .where(eq(matchPayments.userId, id))
      .orderBy(asc(matchPayments.matchId)),
  ]);
  return {
    courts_booked: courts.map((c) => ({ match_id: c.matchId, booked_at: iso(c.bookedAt) })),
    payments: payments.map((p) => ({
      match_id: p.matchId,
      marked_by_me: p.markedBy === id,
      paid_at: iso(p.paidAt),
    })),
  };
}

export async function exportPersonalData(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  id: number,
): Promise<TAccountExport> {
  assertSelf(actor, id);
  const db = deps.db;
  const [account] = await db
    .select({
      ...identityColumns,
      notifyEmail: users.notifyEmail,
      notifySms: users.notifySms,
      gender: users.gender,
      leaderboard: users.leaderboard,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!account) throw notFound(MSG.profile.userNotFound);
  const codeTargets = [
    and(eq(otpCodes.channel, 'sms'), eq(otpCodes.target, account.phone)),
    ...(account.email
      ? [and(eq(otpCodes.channel, 'email'), eq(otpCodes.target, account.email.toLowerCase()))]
      : []),
  ];
  const [
    photo,
    created,
    joined,
    devices,
    sessionRows,
    codes,
    throttle,
    history,
    actions,
    waiting,
    notices,
    pushDevices,
    results,
    eveningGames,
    wantsData,
  ] = await Promise.all([
    db.select().from(userPhotos).where(eq(userPhotos.userId, id)),
    db
      .select({ ...matchSummary, createdAt: matches.createdAt })
      .from(matches)
      .innerJoin(places, eq(places.id, matches.placeId))
      .where(eq(matches.createdBy, id))
      .orderBy(asc(matches.date), asc(matches.time)),
    db
      .select({ ...matchSummary, joinedAt: matchParticipants.joinedAt })
      .from(matchParticipants)
      .innerJoin(matches, eq(matches.id, matchParticipants.matchId))
      .innerJoin(places, eq(places.id, matches.placeId))
      .where(eq(matchParticipants.userId, id))
      .orderBy(asc(matches.date), asc(matches.time)),
    db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, id))
      .orderBy(asc(trustedDevices.trustedAt)),
    db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(asc(sessions.id)),
    db
      .select()
      .from(otpCodes)
      .where(or(...codeTargets))
      .orderBy(asc(otpCodes.id)),
    db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, userKey(id))),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id)),
    db.select().from(auditLog).where(eq(auditLog.actorId, id)).orderBy(asc(auditLog.id)),
    db
      .select({ matchId: matchWaitlist.matchId, createdAt: matchWaitlist.createdAt })
      .from(matchWaitlist)
      .where(eq(matchWaitlist.userId, id))
      .orderBy(asc(matchWaitlist.id)),
    db
      .select({
        channel: outbox.channel,
        event: outbox.event,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        failedAt: outbox.failedAt,
      })
      .from(outbox)
      .where(eq(outbox.userId, id))
      .orderBy(asc(outbox.id)),
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, id))
      .orderBy(asc(pushSubscriptions.id)),
    exportResultsData(db, id),
    exportEveningGames(db, id),
    exportWants(db, id),
  ]);
  const chat = await chatDataOf(db, id);
  const requests = await db
    .select()
    .from(matchRequests)
    .where(eq(matchRequests.userId, id))
    .orderBy(asc(matchRequests.id));
  const removals = await db
    .select()
    .from(matchRemovals)
    .where(eq(matchRemovals.userId, id))
    .orderBy(asc(matchRemovals.removedAt));
  const [picture] = photo;
  const [lock] = throttle;
  const groupData = await exportGroupData(deps.db, account.id);
  return {
    ...groupData,
    exported_at: iso(deps.clock.now()),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      phone: account.phone,
      level: account.level,
      is_admin: account.isAdmin,
      created_at: iso(account.createdAt),
      updated_at: iso(account.updatedAt),
    },
    photo: picture
      ? {
          mime: picture.mime,
          updated_at: iso(picture.updatedAt),
          data_url: `data:${picture.mime};base64,${Buffer.from(picture.data).toString('base64')}`,
        }
      : null,
    preferences: {
      level: account.level,
      notify_email: account.notifyEmail,
      notify_sms: account.notifySms,
      notifications: await getNotificationPreferences(deps, actor, id),
      gender: account.gender,
      leaderboard: account.leaderboard,
    },
    matches_created: created.map(({ createdAt, ...m }) => ({
      ...shapeMatch(m),
      created_at: iso(createdAt),
    })),
    matches_joined: joined.map(({ joinedAt, ...m }) => ({
      ...shapeMatch(m),
      joined_at: iso(joinedAt),
    })),
    waitlists: waiting.map((w) => ({ match_id: w.matchId, created_at: iso(w.createdAt) })),
    join_requests: requests.map((r) => ({
      match_id: r.matchId,
      message: r.message,
      status: r.status,
      created_at: iso(r.createdAt),
      answered_at: r.answeredAt ? iso(r.answeredAt) : null,
    })),
    match_removals: removals.map((r) => ({
      match_id: r.matchId,
      reason: r.reason,
      removed_at: iso(r.removedAt),
    })),
    notifications: notices.map((n) => ({
      channel: n.channel,
      event: n.event,
      created_at: iso(n.createdAt),
      sent_at: n.sentAt ? iso(n.sentAt) : null,
      failed_at: n.failedAt ? iso(n.failedAt) : null,
    })),
    devices: devices.map((d) => ({ device_id: d.deviceId, trusted_at: iso(d.trustedAt) })),
    chat,
    push_subscriptions: pushDevices.map((p) => ({
      endpoint: p.endpoint,
      kinds: p.kinds,
      created_at: iso(p.createdAt),
      updated_at: iso(p.updatedAt),
      last_failure_at: isoOrNull(p.lastFailureAt),
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      device_id: s.deviceId,
      created_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
      expires_at: iso(s.expiresAt),
    })),
    verification_codes: codes.map((c) => ({
      channel: c.channel,
      created_at: iso(c.createdAt),
      expires_at: iso(c.expiresAt),
      verified_at: isoOrNull(c.verifiedAt),
      consumed_at: isoOrNull(c.consumedAt),
    })),
    login_throttle: lock
      ? { failures: lock.failures, locked_until: isoOrNull(lock.lockedUntil) }
      : null,
    account_history: history.map((h) => ({
      action: h.action,
      created_at: iso(h.createdAt),
      details: h.details ?? null,
    })),
    admin_actions: actions.map((a) => ({
      action: a.action,
      entity: a.entity,
      entity_id: a.entityId,
      created_at: iso(a.createdAt),
    })),
    evening_games: eveningGames,
    court_and_cost: await exportCourtAndCost(deps.db, id),
    wants: wantsData,
    results,
  };
}
