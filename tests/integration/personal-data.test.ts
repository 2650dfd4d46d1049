/** GDPR: "Télécharger mes données" and "Supprimer mon compte", over tRPC and REST, self only. */
import { createOutboxWorker } from '../../server/services/notifications/worker';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { TAccountExport } from '../../common/schemas/account';
import { rowsOf } from '../../db/client';
import {
  auditLog,
  authThrottles,
  matches,
  matchParticipants,
  matchWaitlist,
  otpCodes,
  outbox,
  sessions,
  trustedDevices,
  userPhotos,
  users,
} from '../../db/schema';
import type { TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { bearer, rest, trpc } from '../support/http';
import type { SmtpTestServer } from '../support/smtp';
import { freshIdentity, startAppWithSmtp } from './auth-support';
import { afterLog, followLog } from '../support/worker';
import { createPlace, insertMatch, matchRow } from './matches-support';

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const UPCOMING = '2099-06-15';
const PAST = '2020-06-15';

let t: TestContext;
let smtp: SmtpTestServer;
let close: () => Promise<void>;
beforeAll(async () => ({ t, smtp, close } = await startAppWithSmtp()));
afterAll(() => close());

/**
 * Gives `u` one row of every kind the app stores about a player: photo, a created match (upcoming
 * and past), a joined match, a trusted device, a second session, an OTP code, a login failure and
 * an admin's edit in the audit trail. `other` plays in `u`'s match and `u` in `other`'s.
 */
async function furnish(u: TestUser, other: TestUser, tag: string) {
  const place = await createPlace(t, { name: `Club ${tag}` });
  await t
    .caller(u)
    .users.update({ name: u.name, level: 'Niveau 3', photo: `data:image/png;base64,${PNG_1PX}` });
  const own = await insertMatch(t, {
    placeId: place.id,
    createdBy: u.id,
    date: UPCOMING,
    time: '18:00:00',
    slots: 3,
    missing: 2,
  });
  await t.db.db.insert(matchParticipants).values({ matchId: own.id, userId: other.id });
  const ownPast = await insertMatch(t, {
    placeId: place.id,
    createdBy: u.id,
    date: PAST,
    time: '10:00:00',
  });
  const theirs = await insertMatch(t, {
    placeId: place.id,
    createdBy: other.id,
    date: UPCOMING,
    time: '20:00:00',
    slots: 3,
    missing: 2,
  });
  await t.db.db.insert(matchParticipants).values({ matchId: theirs.id, userId: u.id });
  await t.db.db.insert(trustedDevices).values({ userId: u.id, deviceId: `device-${tag}` });
  await rest(t.app, 'POST', '/auth/login-by-email', {
    email: u.email,
    pin: u.pin,
    deviceId: `device-${tag}`,
  });
  await rest(t.app, 'POST', '/auth/send-otp-email', { email: u.email });
  await rest(t.app, 'POST', '/auth/login-by-email', { email: u.email, pin: '9513' });
  return { own, ownPast, theirs };
}

/** Every column of the schema that refers to `users.id`, read from the database's own catalogue. */
async function userReferences(): Promise<{ table: string; column: string }[]> {
  const res = await t.db.db.execute<{ table: string; column: string }>(sql`
    select kcu.table_name as "table", kcu.column_name as "column"
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.table_schema = 'public'
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
     where ccu.table_name = 'users' and ccu.column_name = 'id'
     order by 1, 2`);
  return rowsOf(res);
}

/** Rows of any table whose JSON mentions `needle` (an e-mail, a phone, a name). */
async function rowsMentioning(needle: string): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await t.db.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((r) => r.name);
  const found: string[] = [];
  for (const name of tables) {
    const res = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(name)} x where position(${needle.toLowerCase()} in lower(row_to_json(x)::text)) > 0`,
    );
    if ((rowsOf<{ n: number }>(res)[0]?.n ?? 0) > 0) found.push(name);
  }
  return found;
}

describe('Télécharger mes données', () => {
  let p: TestUser;
  let q: TestUser;
  let data: TAccountExport;
  beforeAll(async () => {
    p = await createUser(t.deps, { name: 'Pauline Export' });
    q = await createUser(t.deps, { name: 'Quentin Autre', pin: '5830' });
    await furnish(p, q, 'p');
    await furnish(q, p, 'q');
    // Waiting for one of q's matches.
    const [theirs] = await t.db.db
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.createdBy, q.id))
      .limit(1);
    await t.db.db.insert(matchWaitlist).values({ matchId: theirs!.id, userId: p.id });
    const admin = await createAdmin(t.deps);
    await t.caller(admin).admin.users.update({
      id: p.id,
      name: 'Pauline Export',
      phone: p.phone,
      email: p.email!,
      level: 'Niveau 4',
    });
    const res = await rest(t.app, 'GET', `/users/${p.id}/export`, undefined, bearer(p.token));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    data = res.body as unknown as TAccountExport;
  });

  it('holds every row stored about the player', async () => {
    const count = async (
      table: Parameters<typeof t.db.db.$count>[0],
      where: Parameters<typeof t.db.db.$count>[1],
    ) => t.db.db.$count(table, where);
    expect(data.account).toMatchObject({
      id: p.id,
      name: 'Pauline Export',
      email: p.email,
      phone: p.phone,
      level: 'Niveau 4',
    });
    expect(data.photo?.data_url).toBe(`data:image/png;base64,${PNG_1PX}`);
    expect(data.matches_created).toHaveLength(await count(matches, eq(matches.createdBy, p.id)));
    expect(data.matches_created).toHaveLength(3);
    expect(data.matches_joined).toHaveLength(
      await count(matchParticipants, eq(matchParticipants.userId, p.id)),
    );
    expect(data.matches_joined).toHaveLength(2);
    expect(data.devices).toEqual([expect.objectContaining({ device_id: 'device-p' })]);
    expect(data.sessions).toHaveLength(await count(sessions, eq(sessions.userId, p.id)));
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(data.verification_codes).toHaveLength(
      await count(otpCodes, eq(otpCodes.target, p.email!.toLowerCase())),
    );
    expect(data.verification_codes).toHaveLength(1);
    expect(data.login_throttle).toMatchObject({ failures: 1 });
    expect(data.account_history).toHaveLength(1);
    expect(data.account_history[0]).toMatchObject({
      action: 'update',
      details: { level: 'Niveau 4' },
    });
    expect(data.preferences).toMatchObject({
      level: 'Niveau 4',
      notify_email: true,
      notify_sms: false,
      notifications: {
        channels: { email: true, sms: false, push: true },
        quiet_hours: { from: '22:00', to: '08:00' },
      },
    });
    expect(data.waitlists).toHaveLength(await count(matchWaitlist, eq(matchWaitlist.userId, p.id)));
    expect(data.waitlists).toHaveLength(1);
  });

  it('covers every table that refers to a user (a new one must be added to the export)', async () => {
    const exported: Record<string, keyof TAccountExport> = {
      'audit_log.actor_id': 'admin_actions',
      'match_participants.user_id': 'matches_joined',
      'matches.created_by': 'matches_created',
      'sessions.user_id': 'sessions',
      'trusted_devices.user_id': 'devices',
      'user_photos.user_id': 'photo',
      'match_waitlist.user_id': 'waitlists',
      'outbox.user_id': 'notifications',
      'push_subscriptions.user_id': 'push_subscriptions',
      'group_members.user_id': 'groups',
      'groups.created_by': 'groups',
      'group_slots.owner_id': 'group_slots',
      'polls.created_by': 'polls_created',
      'poll_answers.user_id': 'poll_answers',
      'group_bans.user_id': 'group_removals',
      'group_bans.banned_by': 'group_removals_made',
      'match_messages.author_id': 'chat',
      'match_messages.subject_id': 'chat',
      'match_message_reads.user_id': 'chat',
      'match_message_reports.reporter_id': 'chat',
      'match_message_rate.user_id': 'chat',
      'match_requests.user_id': 'join_requests',
      'match_removals.user_id': 'match_removals',
      'evening_games.scored_by': 'evening_games',
      'wants.user_id': 'wants',
      'want_notices.user_id': 'wants',
      // A per-day count of the alerts sent (the limit of 3): the notices themselves are exported.
      'want_notice_days.user_id': 'wants',
      'match_results.entered_by': 'results',
      'match_results.answered_by': 'results',
      'match_results.decided_by': 'results',
      'no_shows.user_id': 'results',
      'no_shows.marked_by': 'results',
      'player_ratings.user_id': 'results',
      'rating_history.user_id': 'results',
      // Words on co-players' levels: one's own given, and those about one counted (never who).
      'level_feedback.from_user_id': 'results',
      'level_feedback.about_user_id': 'results',
      'level_verifications.user_id': 'results',
      'level_verifications.verified_by': 'results',
      'match_leaves.user_id': 'results',
      // Issue 42: the court marks one made and the shares marked paid (marked_by_me says whether
      // one ticked one's own). A share one ticked for another player is that player's row: its
      // marked_by goes null with one's account (ON DELETE SET NULL).
      'match_courts.booked_by': 'court_and_cost',
      'match_payments.user_id': 'court_and_cost',
      'match_payments.marked_by': 'court_and_cost',
      // Keys and webhooks an admin created are in the audit trail (issued, revoked, registered).
      'api_keys.created_by': 'admin_actions',
      'webhook_endpoints.created_by': 'admin_actions',
      // The weeks one played, counted once for the admin dashboard: derived from the matches one
      // joined (exported there), and deleted with the account (ON DELETE CASCADE).
      'dashboard_active_weeks.user_id': 'matches_joined',
      // A key's service account never logs in, so never exports; a player's account is never one.
      'api_keys.service_user_id': 'account',
    };
    const refs = (await userReferences()).map((r) => `${r.table}.${r.column}`);
    expect(refs.length).toBeGreaterThanOrEqual(6);
    expect(refs.filter((r) => !(r in exported))).toEqual([]);
  });

  it('says nothing about anyone else, and no secret', () => {
    const text = JSON.stringify(data);
    for (const other of [q.name, q.email!, q.phone, 'device-q']) expect(text).not.toContain(other);
    expect(text).not.toMatch(/argon2|pin_?hash|token_?hash|code_?hash/i);
  });

  it('is self only: 403 for another id over REST and tRPC, 401 without a session', async () => {
    const rested = await rest(t.app, 'GET', `/users/${q.id}/export`, undefined, bearer(p.token));
    expect(rested.status).toBe(403);
    expect(rested.body).toEqual({ error: MSG.auth.notYours });
    expect(
      (await trpc(t.app, 'query', 'users.exportData', { id: q.id }, { headers: bearer(p.token) }))
        .status,
    ).toBe(403);
    expect((await rest(t.app, 'GET', `/users/${p.id}/export`)).status).toBe(401);
    const viaTrpc = await t.caller(p).users.exportData({ id: p.id });
    expect(viaTrpc.account.id).toBe(p.id);
  });
});

describe('Supprimer mon compte', () => {
  it('is self only, and asks for the right PIN (a wrong one changes nothing)', async () => {
    const u = await createUser(t.deps);
    const v = await createUser(t.deps);
    expect(
      (await rest(t.app, 'DELETE', `/users/${v.id}`, { pin: v.pin }, bearer(u.token))).status,
    ).toBe(403);
    const wrong = await rest(t.app, 'DELETE', `/users/${u.id}`, { pin: '1593' }, bearer(u.token));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: MSG.auth.currentPinWrong, attemptsLeft: 4 });
    const bad = await rest(t.app, 'DELETE', `/users/${u.id}`, { pin: '12' }, bearer(u.token));
    expect(bad).toMatchObject({ status: 400, body: { error: MSG.auth.pinFormat } });
    expect(await t.db.db.$count(users, eq(users.id, u.id))).toBe(1);
    expect(await t.db.db.$count(users, eq(users.id, v.id))).toBe(1);
  });

  it('counts wrong PINs toward the login lock: after 5, even the right PIN is refused', async () => {
    const u = await createUser(t.deps);
    for (let i = 0; i < 5; i++)
      await expect(t.caller(u).users.deleteAccount({ id: u.id, pin: '1593' })).rejects.toThrow();
    await expect(t.caller(u).users.deleteAccount({ id: u.id, pin: u.pin })).rejects.toThrow(
      /verrouill|bloqu|minute/i,
    );
    expect(await t.db.db.$count(users, eq(users.id, u.id))).toBe(1);
  });

  it('the last admin cannot leave', async () => {
    await t.db.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    const admin = await createAdmin(t.deps);
    await expect(
      t.caller(admin).users.deleteAccount({ id: admin.id, pin: admin.pin }),
    ).rejects.toThrow(MSG.admin.lastAdmin);
    await createAdmin(t.deps);
    await expect(
      t.caller(admin).users.deleteAccount({ id: admin.id, pin: admin.pin }),
    ).resolves.toMatchObject({ success: true });
  });

  it('tells the organiser of each upcoming match whose place was freed, like any leave, without naming the deleted player', async () => {
    const place = await createPlace(t, { name: 'Club Départ' });
    const organiser = await createUser(t.deps, { name: 'Olga Organise' });
    const leaving = await createUser(t.deps, { name: 'Dave Effacement-3K' });
    const admin = await createAdmin(t.deps);
    const upcoming = await insertMatch(t, {
      placeId: place.id,
      createdBy: organiser.id,
      date: UPCOMING,
      time: '19:30:00',
      slots: 2,
      missing: 1,
    });
    const past = await insertMatch(t, {
      placeId: place.id,
      createdBy: organiser.id,
      date: PAST,
      time: '19:30:00',
      slots: 2,
      missing: 1,
    });
    await t.db.db.insert(matchParticipants).values([
      { matchId: upcoming.id, userId: leaving.id },
      { matchId: past.id, userId: leaving.id },
    ]);
    const organiserNotices = async () => {
      await followLog(t.deps);
      return t.db.db
        .select({
          event: outbox.event,
          channel: outbox.channel,
          subject: outbox.subject,
          body: outbox.body,
        })
        .from(outbox)
        .where(eq(outbox.userId, organiser.id));
    };

    expect(
      await t.caller(leaving).users.deleteAccount({ id: leaving.id, pin: leaving.pin }),
    ).toMatchObject({ success: true });

    // One notice: the upcoming match. A match already played keeps its story (no "leave" there).
    expect(await organiserNotices()).toEqual([
      {
        event: 'left',
        channel: 'email',
        subject: MSG.notify.leftSubject(MSG.notify.formerPlayer),
        body: expect.stringContaining(
          `${MSG.notify.formerPlayer} a quitté votre match du lundi 15 juin à 19:30 (Club Départ).`,
        ) as unknown,
      },
    ]);
    expect(await rowsMentioning('Dave Effacement-3K')).toEqual([]);
    expect((await matchRow(t, upcoming.id))?.missingPlayers).toBe(2);

    // The admin's deletion of an account goes the same way.
    const other = await createUser(t.deps, { name: 'Eve Partie' });
    await t.db.db.insert(matchParticipants).values({ matchId: upcoming.id, userId: other.id });
    await t.db.db.update(matches).set({ missingPlayers: 1 }).where(eq(matches.id, upcoming.id));
    await t.caller(admin).admin.users.delete({ id: other.id });
    expect((await organiserNotices()).filter((n) => n.event === 'left')).toHaveLength(2);
  });

  it('leaves no row referring to the player, frees their places, cancels their matches with a notice, and frees e-mail and phone', async () => {
    const id = freshIdentity('efface');
    const p = await createUser(t.deps, {
      name: 'Zoé Effacée-7Q',
      email: id.email,
      phone: id.phone,
    });
    const q = await createUser(t.deps, { name: 'Quentin Reste' });
    const { own, ownPast, theirs } = await furnish(p, q, 'z');
    const admin = await createAdmin(t.deps);
    await t.caller(admin).admin.users.update({
      id: p.id,
      name: p.name,
      phone: p.phone,
      email: p.email!,
      level: 'Niveau 5',
    });
    expect((await matchRow(t, theirs.id))?.missingPlayers).toBe(2);
    smtp.clear();

    const res = await rest(t.app, 'DELETE', `/users/${p.id}`, { pin: p.pin }, bearer(p.token));
    expect(res).toMatchObject({
      status: 200,
      body: { success: true, message: MSG.account.deleted },
    });
    expect(res.headers['set-cookie']).toContain('padel_session=;');

    // Their place in someone else's match is given back; their own matches are gone.
    expect((await matchRow(t, theirs.id))?.missingPlayers).toBe(3);
    expect(await matchRow(t, own.id)).toBeUndefined();
    expect(await matchRow(t, ownPast.id)).toBeUndefined();
    // The notice went to the outbox in the deletion's transaction; the worker sends it.
    await afterLog(t.deps, createOutboxWorker(t.deps)).runOnce();
    await smtp.waitForMail(q.email!);
    const toQ = smtp.mails.filter((m) => m.to.includes(q.email!));
    expect(toQ).toHaveLength(2);
    const notice = toQ.find((m) => m.text.includes('15 juin à 18:00'));
    expect(notice?.text).toContain('Club z');
    // q organises the match whose place p held: told of the leave too, with p unnamed.
    expect(
      toQ.filter((m) =>
        m.text.includes(`${MSG.notify.formerPlayer} a quitté votre match du lundi 15 juin à 20:00`),
      ),
    ).toHaveLength(1);

    // No row anywhere refers to them: no foreign key, no e-mail, phone or name, no throttle key.
    for (const { table, column } of await userReferences()) {
      const res = await t.db.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${p.id}`,
      );
      expect(rowsOf<{ n: number }>(res)[0]?.n, `${table}.${column}`).toBe(0);
    }
    expect(await rowsMentioning(id.email)).toEqual([]);
    expect(await rowsMentioning(id.phone)).toEqual([]);
    expect(await rowsMentioning('Zoé Effacée-7Q')).toEqual([]);
    expect(await t.db.db.$count(authThrottles, eq(authThrottles.key, `user:${p.id}`))).toBe(0);
    expect(await t.db.db.$count(userPhotos, eq(userPhotos.userId, p.id))).toBe(0);
    expect(await t.db.db.$count(auditLog, eq(auditLog.entityId, String(p.id)))).toBe(1);

    // The token is dead, and the same e-mail and phone register again through the real flow.
    expect((await rest(t.app, 'GET', `/users/${p.id}`, undefined, bearer(p.token))).status).toBe(
      401,
    );
    expect((await rest(t.app, 'POST', '/auth/send-otp-email', { email: id.email })).status).toBe(
      200,
    );
    const code = await smtp.codeFor(id.email);
    expect(
      (await rest(t.app, 'POST', '/auth/verify-otp-email', { email: id.email, code })).status,
    ).toBe(200);
    const again = await rest(t.app, 'POST', '/auth/register', {
      name: 'Zoé',
      email: id.email,
      phone: id.phone,
      pin: '7391',
    });
    expect(again).toMatchObject({ status: 200, body: { success: true } });
  });
});
