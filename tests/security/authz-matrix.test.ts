import type { Socket } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MSG_API } from '../../common/messages-api';
import { DEFAULT_PREFERENCES } from '../support/notification-preferences';
import { EVENING_TEXT } from '../../common/messages-evenings';
import { createSession } from '../../server/services/auth/sessions';
import { issueApiKey } from '../../server/services/integrations/api-keys';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { matchGuests, matchParticipants, wants } from '../../db/schema';
import { createPlace, insertMatch } from '../integration/matches-support';
import { openSse } from '../support/sse';
import type { TCreateEveningInput } from '../../common/schemas/evenings';
import {
  callProcedure,
  errorText,
  isFrench,
  procedures,
  restOperations,
  type Procedure,
  type RestOperation,
} from './surface';

/**
 * Every tRPC procedure and every REST operation × anonymous / player / other player / admin,
 * against a table of decided rules. The surface is discovered (router, OpenAPI document), so a new
 * procedure or path without a row here fails until someone decides who may call it.
 *
 * - public: anyone gets past authorization.
 * - user: a session is required (401 without), any user passes.
 * - admin: 401 without a session, 403 for a player.
 * - owner: the resource is the player's own (their profile, a match they created or play in):
 *   401 without a session, 403 for anyone else, admins included.
 * - ownerOrAdmin: as owner, but admins pass too (profile photos, shown in the admin's user list).
 * - apiKey: API v2, for API keys only: every session (admins' too) is answered 401.
 * - groupMember: a group's chat, the player being the group's admin: 401 without a session, and
 *   for anyone outside the group, site admins included, the 404 of an unknown group (the chat does
 *   not reveal the group). groupMemberOrAdmin: the same, but site admins pass (moderation).
 *   The group roles (group admin, member, outsider, site admin) have their own table below.
 * - group: a group, its weekly slots and polls, the player being the group's admin: 401 without a
 *   session, and for anyone outside the group, site admins included, the 404 of an unknown id (no
 *   existence oracle; tests/integration/groups.test.ts gives a plain member's 403).
 */
type Rule =
  | 'public'
  | 'user'
  | 'admin'
  | 'owner'
  | 'ownerOrAdmin'
  | 'apiKey'
  | 'groupMember'
  | 'groupMemberOrAdmin'
  | 'group'
  /** One's own thing (an alert): anyone else, admins included, gets the unknown id's 404. */
  | 'mine';

const TRPC_RULES: Record<string, Rule> = {
  'auth.checkUser': 'public',
  'auth.checkUserByEmail': 'public',
  'auth.sendOtpEmail': 'public',
  'auth.verifyOtpEmail': 'public',
  'auth.sendOtp': 'public',
  'auth.verifyOtp': 'public',
  'auth.register': 'public',
  'auth.login': 'public',
  'auth.loginByEmail': 'public',
  'auth.requestPinReset': 'public',
  'auth.resetPin': 'public',
  'auth.me': 'public',
  'auth.changePin': 'user',
  'auth.checkDevice': 'user',
  'auth.logout': 'user',
  'users.get': 'owner',
  'users.update': 'user',
  'matches.schedule': 'public',
  'matches.list': 'public',
  'matches.create': 'user',
  'matches.join': 'user',
  'matches.leave': 'user',
  'matches.update': 'owner',
  'matches.delete': 'owner',
  'matches.participants': 'owner',
  'matches.mine': 'user',
  'places.list': 'public',
  'levels.list': 'public',
  'settings.get': 'public',
  'matches.byId': 'user',
  'matches.joinWaitlist': 'user',
  'matches.leaveWaitlist': 'user',
  'matches.myWaitlist': 'user',
  'users.notifications': 'user',
  'users.notificationChannels': 'user',
  'users.updateNotifications': 'user',
  'users.notificationPreferences': 'user',
  'users.updateNotificationPreferences': 'user',
  'users.exportData': 'owner',
  'users.deleteAccount': 'owner',
  'push.vapidPublicKey': 'public',
  'push.subscribe': 'user',
  'push.unsubscribe': 'user',
  'push.device': 'user',
  'push.setKinds': 'user',
  'matches.removeParticipant': 'owner',
  // Groups: "group" = the player runs the group; to outsiders and site admins alike the group does
  // not exist (tests/integration/groups.test.ts splits admin and plain member).
  'groups.mine': 'user',
  'groups.create': 'user',
  'groups.join': 'user',
  'groups.byId': 'group',
  'groups.leaderboard': 'group',
  'groups.update': 'group',
  'groups.delete': 'group',
  'groups.leave': 'group',
  'groups.removeMember': 'group',
  'groups.setLevelVerified': 'group',
  'groups.renewInvite': 'group',
  'groups.reinvite': 'group',
  'groups.createMatch': 'group',
  'groups.createSlot': 'group',
  'groups.updateSlot': 'group',
  'groups.deleteSlot': 'group',
  'groups.skipSlotDate': 'group',
  'groups.createPoll': 'group',
  'groups.poll': 'group',
  'groups.answerPoll': 'group',
  // The chat: members only (the organiser here); admins moderate by deleting, nothing more.
  'chat.list': 'owner',
  'chat.post': 'owner',
  'chat.edit': 'owner',
  'chat.delete': 'ownerOrAdmin',
  'chat.report': 'owner',
  'chat.markRead': 'owner',
  'chat.mute': 'owner',
  'chat.unread': 'user',
  'chat.reports': 'admin',
  // The match room (issue 25).
  'matches.releaseGuest': 'owner',
  'matches.request': 'user',
  'matches.acceptRequest': 'owner',
  'matches.declineRequest': 'owner',
  // The court mark and who paid (issue 42): the match's players; the player here organises it.
  'matches.setCourt': 'owner',
  'matches.setPayment': 'owner',
  // Results (issue 26): entering is for the match's players, declaring an absent for its organiser.
  'results.enter': 'owner',
  'results.confirm': 'user',
  'results.levelFeedback': 'user',
  'results.contest': 'user',
  'results.forMatch': 'user',
  'results.lines': 'user',
  'results.markNoShow': 'owner',
  'results.contestNoShow': 'user',
  'results.profile': 'user',
  'results.acceptSuggestion': 'user',
  'results.keepLevel': 'user',
  'results.adminContested': 'admin',
  'results.adminDecide': 'admin',
  'results.adminDecideNoShow': 'admin',
  'results.adminRating': 'admin',
  'results.adminDistribution': 'admin',
  'results.adminSettings': 'admin',
  'results.adminSetSettings': 'admin',
  // API v2 keys and webhooks (the admin's API tab).
  'integrations.apiKeys': 'admin',
  'integrations.issueApiKey': 'admin',
  'integrations.revokeApiKey': 'admin',
  'integrations.webhooks': 'admin',
  'integrations.createWebhook': 'admin',
  'integrations.deleteWebhook': 'admin',
  'integrations.enableWebhook': 'admin',
  'integrations.deliveries': 'admin',
  'integrations.replayDelivery': 'admin',
  // Padel evenings (issue 40): reading and signing up for anyone signed in (a private evening is
  // the 404 of an unknown one to a stranger: the evening roles table below); running the evening
  // for its organiser; a score for the game's players and the organiser.
  'evenings.list': 'user',
  'evenings.byId': 'user',
  'evenings.create': 'user',
  'evenings.join': 'user',
  'evenings.leave': 'user',
  'evenings.setSignupsClosed': 'owner',
  'evenings.addPlayer': 'owner',
  'evenings.removePlayer': 'owner',
  'evenings.start': 'owner',
  'evenings.nextRound': 'owner',
  'evenings.finish': 'owner',
  'evenings.score': 'owner',
  'wants.list': 'user',
  'wants.create': 'user',
  'wants.renew': 'mine',
  'wants.delete': 'mine',
};
/** Every `admin.*` procedure and `/api/admin/*` path is admin-only; no exception is decided. */
const isAdminArea = (key: string) => key.startsWith('admin.') || key.includes(' /api/admin/');

const REST_RULES: Record<string, Rule> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/settings': 'public',
  'GET /api/places': 'public',
  'GET /api/levels': 'public',
  'POST /api/auth/check-user': 'public',
  'POST /api/auth/check-user-by-email': 'public',
  'POST /api/auth/send-otp': 'public',
  'POST /api/auth/verify-otp': 'public',
  'POST /api/auth/send-otp-email': 'public',
  'POST /api/auth/verify-otp-email': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/login-by-email': 'public',
  'POST /api/auth/request-pin-reset': 'public',
  'POST /api/auth/reset-pin': 'public',
  'POST /api/auth/change-pin': 'user',
  'POST /api/auth/check-device': 'user',
  'POST /api/auth/logout': 'user',
  'GET /api/auth/me': 'user',
  'GET /api/matches': 'public',
  'POST /api/matches': 'user',
  'GET /api/matches/mine': 'user',
  'PUT /api/matches/{id}': 'owner',
  'DELETE /api/matches/{id}': 'owner',
  'POST /api/matches/{id}/join': 'user',
  'POST /api/matches/{id}/leave': 'user',
  'GET /api/matches/{id}/participants': 'owner',
  'GET /api/users/{id}': 'owner',
  'PUT /api/users/{id}': 'owner',
  'GET /api/users/{id}/photo': 'ownerOrAdmin',
  'GET /api/users/{id}/notifications': 'owner',
  'PUT /api/users/{id}/notifications': 'owner',
  'GET /api/users/{id}/notification-preferences': 'owner',
  'PUT /api/users/{id}/notification-preferences': 'owner',
  'GET /api/users/{id}/export': 'owner',
  'DELETE /api/users/{id}': 'owner',
  'GET /api/matches/{id}': 'user',
  'GET /api/matches/{id}/calendar.ics': 'owner',
  'POST /api/matches/{id}/waitlist': 'user',
  'DELETE /api/matches/{id}/waitlist': 'user',
  'GET /api/push/vapid-public-key': 'public',
  'POST /api/push/subscriptions': 'user',
  'DELETE /api/push/subscriptions': 'user',
  'PUT /api/push/subscriptions/kinds': 'user',
  'DELETE /api/matches/{id}/participants/{userId}': 'owner',
  'POST /api/groups': 'user',
  'GET /api/groups': 'user',
  'POST /api/groups/join': 'user',
  'GET /api/groups/{id}': 'group',
  'GET /api/groups/{id}/leaderboard': 'group',
  'PUT /api/groups/{id}': 'group',
  'DELETE /api/groups/{id}': 'group',
  'POST /api/groups/{id}/leave': 'group',
  'DELETE /api/groups/{id}/members/{userId}': 'group',
  'PUT /api/groups/{id}/members/{userId}/level-verified': 'group',
  'POST /api/groups/{id}/invite-token': 'group',
  'POST /api/groups/{id}/members/{userId}/reinvite': 'group',
  'POST /api/groups/{id}/matches': 'group',
  'POST /api/groups/{id}/slots': 'group',
  'PUT /api/slots/{id}': 'group',
  'DELETE /api/slots/{id}': 'group',
  'POST /api/slots/{id}/skips': 'group',
  'POST /api/groups/{id}/polls': 'group',
  'GET /api/polls/{id}': 'group',
  'PUT /api/polls/{id}/answers': 'group',
  'GET /api/matches/{id}/messages': 'owner',
  'POST /api/matches/{id}/messages': 'owner',
  'PATCH /api/matches/{id}/messages/{messageId}': 'owner',
  'DELETE /api/matches/{id}/messages/{messageId}': 'ownerOrAdmin',
  'POST /api/matches/{id}/messages/{messageId}/report': 'owner',
  'PUT /api/matches/{id}/messages/mute': 'owner',
  'GET /api/groups/{id}/messages': 'groupMember',
  'POST /api/groups/{id}/messages': 'groupMember',
  'PATCH /api/groups/{id}/messages/{messageId}': 'groupMember',
  'DELETE /api/groups/{id}/messages/{messageId}': 'groupMemberOrAdmin',
  'POST /api/groups/{id}/messages/{messageId}/report': 'groupMember',
  'PUT /api/groups/{id}/messages/mute': 'groupMember',
  // The match room (issue 25).
  'DELETE /api/matches/{id}/guests/{guestId}': 'owner',
  'POST /api/matches/{id}/requests': 'user',
  'POST /api/matches/{id}/requests/{userId}/accept': 'owner',
  'POST /api/matches/{id}/requests/{userId}/decline': 'owner',
  'PUT /api/matches/{id}/result': 'owner',
  // The court mark and who paid (issue 42), as their tRPC procedures above.
  'PUT /api/matches/{id}/court': 'owner',
  'PUT /api/matches/{id}/payments/{userId}': 'owner',
  'POST /api/matches/{id}/result/confirm': 'user',
  'POST /api/matches/{id}/level-feedback': 'user',
  'POST /api/matches/{id}/result/contest': 'user',
  'POST /api/matches/{id}/no-show/{userId}': 'owner',
  'GET /api/users/{id}/profile': 'user',
  // API v2: API keys only (tests/integration/api-v2.test.ts checks each key's scopes); a session,
  // even an admin's, is refused with 401.
  'GET /api/v2/openapi.json': 'public',
  'GET /api/v2/docs': 'public',
  'GET /api/v2/matches': 'apiKey',
  'POST /api/v2/matches': 'apiKey',
  'GET /api/v2/matches/{id}': 'apiKey',
  'PUT /api/v2/matches/{id}': 'apiKey',
  'POST /api/v2/matches/{id}/cancel': 'apiKey',
  'POST /api/v2/matches/{id}/join': 'apiKey',
  'POST /api/v2/matches/{id}/leave': 'apiKey',
  'POST /api/v2/matches/{id}/waitlist': 'apiKey',
  'DELETE /api/v2/matches/{id}/waitlist': 'apiKey',
  'GET /api/v2/places': 'apiKey',
  'GET /api/v2/levels': 'apiKey',
  'GET /api/v2/me': 'apiKey',
  'GET /api/v2/webhooks': 'apiKey',
  'POST /api/v2/webhooks': 'apiKey',
  'DELETE /api/v2/webhooks/{id}': 'apiKey',
  'GET /api/v2/evenings': 'apiKey',
  'GET /api/v2/evenings/{id}': 'apiKey',
  // Padel evenings (issue 40), as their tRPC procedures above.
  'GET /api/evenings': 'user',
  'POST /api/evenings': 'user',
  'GET /api/evenings/{id}': 'user',
  'POST /api/evenings/{id}/join': 'user',
  'DELETE /api/evenings/{id}/join': 'user',
  'PUT /api/evenings/{id}/signups': 'owner',
  'POST /api/evenings/{id}/players/{userId}': 'owner',
  'DELETE /api/evenings/{id}/players/{userId}': 'owner',
  'POST /api/evenings/{id}/start': 'owner',
  'POST /api/evenings/{id}/rounds': 'owner',
  'POST /api/evenings/{id}/finish': 'owner',
  'PUT /api/evenings/{id}/games/{gameId}/score': 'owner',
  'GET /api/wants': 'user',
  'POST /api/wants': 'user',
  'POST /api/wants/{id}/renew': 'mine',
  'DELETE /api/wants/{id}': 'mine',
};

type Role = 'anonymous' | 'player' | 'other' | 'admin';
/** The owner acts last: an allowed delete must not hide the others' refusals. */
const ROLES: Role[] = ['anonymous', 'other', 'admin', 'player'];
type Outcome = 'pass' | 401 | 403 | 404;

function expected(rule: Rule, role: Role): Outcome {
  if (rule === 'public') return 'pass';
  if (rule === 'apiKey') return 401;
  if (role === 'anonymous') return 401;
  if (rule === 'user') return 'pass';
  if (
    rule === 'groupMember' ||
    rule === 'groupMemberOrAdmin' ||
    rule === 'group' ||
    rule === 'mine'
  )
    return role === 'player' || (rule === 'groupMemberOrAdmin' && role === 'admin') ? 'pass' : 404;
  if (rule === 'admin' || (rule === 'ownerOrAdmin' && role === 'admin'))
    return role === 'admin' ? 'pass' : 403;
  return role === 'player' ? 'pass' : 403;
}

let t: TestContext;
let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
let placeId: number;
let sharedMatchId: number;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T10:00:00Z' });
  users = {
    player: await createUser(t.deps),
    other: await createUser(t.deps),
    admin: await createAdmin(t.deps),
  };
  placeId = (await createPlace(t)).id;
  sharedMatchId = await newMatch();
});
afterAll(() => t.close());

async function newMatch() {
  return (
    await insertMatch(t, { placeId, createdBy: users.player.id, date: '2026-03-20', time: '18:00' })
  ).id;
}

const eveningFields = (over: Partial<TCreateEveningInput> = {}): TCreateEveningInput => ({
  format: 'americano',
  place_id: placeId,
  date: '2026-03-20',
  time: '19:00',
  levels: ['Niveau 3'],
  courts: 1,
  max_players: 4,
  points_per_game: 24,
  ...over,
});
/** An open public evening the player organises (and does not play in). */
async function newEvening() {
  return (await t.caller(users.player).evenings.create(eveningFields())).id;
}
let sharedEveningId: number | undefined;
/** The public evening the `user` cells share (read, joined and left by whoever calls). */
const sharedEvening = async () => (sharedEveningId ??= await newEvening());
let runningEvening: { id: number; gameId: number } | undefined;
/** A running evening the player organises and plays in, with three more players: one game. */
async function eveningWithGame() {
  if (runningEvening) return runningEvening;
  const as = t.caller(users.player);
  const { id } = await as.evenings.create(eveningFields({ organiser_plays: true }));
  for (let i = 0; i < 3; i++) await t.caller(await createUser(t.deps)).evenings.join({ id });
  const { evening } = await as.evenings.start({ id });
  runningEvening = { id, gameId: evening.rounds[0]!.games[0]!.id };
  return runningEvening;
}
/** The input of an evening procedure: the organiser's, or a shared public one for `user` rows. */
async function eveningInput(path: string): Promise<unknown> {
  if (TRPC_RULES[path] !== 'owner') return { id: await sharedEvening() };
  if (path === 'evenings.score') {
    const { id, gameId } = await eveningWithGame();
    return { id, gameId, score: [15, 9] };
  }
  const id = await newEvening();
  if (path === 'evenings.setSignupsClosed') return { id, closed: false };
  // Not waiting, not playing: the organiser is answered 400, anyone else 403.
  if (path === 'evenings.addPlayer' || path === 'evenings.removePlayer')
    return { id, userId: users.other.id };
  // Too few players, not started: the organiser is answered 400, anyone else 403.
  return { id };
}
/** The URL and body of an evening path, as `eveningInput` decides for its procedure. */
async function eveningRest(op: RestOperation): Promise<{ url: string; payload?: object }> {
  const scored = op.path.includes('{gameId}') ? await eveningWithGame() : undefined;
  const id =
    scored?.id ?? (REST_RULES[op.key] === 'owner' ? await newEvening() : await sharedEvening());
  const url = op.path
    .replace('{id}', String(id))
    .replace('{userId}', String(users.other.id))
    .replace('{gameId}', String(scored?.gameId));
  if (op.method === 'GET') return { url };
  if (op.key === 'PUT /api/evenings/{id}/signups') return { url, payload: { closed: false } };
  if (scored) return { url, payload: { score: [15, 9] } };
  return { url, payload: {} };
}

/** A fresh session per call, so a logout or PIN change in one cell never affects another. */
async function headersFor(role: Role): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  const { token } = await createSession(t.deps, users[role].id, null);
  return { authorization: `Bearer ${token}` };
}

const wrongPin = () => (users.player.pin === '7391' ? '7392' : '7391');

let sharedGroup: Awaited<ReturnType<typeof newGroup>> | undefined;
/** Deleting cells get a fresh group; the others share one (each fixture costs several writes). */
async function groupFor(key: string) {
  if (/delete|leave|DELETE|\/leave/.test(key)) return newGroup();
  sharedGroup ??= await newGroup();
  return sharedGroup;
}

/** A group the player runs, with a weekly slot and an open poll. */
async function newGroup() {
  const as = t.caller(users.player);
  const group = await as.groups.create({ name: 'Matrice' });
  const slot = await as.groups.createSlot({ id: group.id, ...slotFields() });
  const poll = await as.groups.createPoll({ id: group.id, ...pollFields() });
  return { id: group.id, slotId: slot.id, pollId: poll.id, pollSlot: String(poll.slots[0]!.id) };
}
const slotFields = () => ({
  weekday: 5,
  time: '19:00',
  place_id: placeId,
  levels: ['Niveau 3'],
  slots: 3,
  days_ahead: 0,
});
const pollFields = () => ({
  slots: [
    { place_id: placeId, date: '2026-03-20', time: '10:00' },
    { place_id: placeId, date: '2026-03-21', time: '10:00' },
  ],
  closes_at: '2026-03-10T10:00:00Z',
  size: 4,
});

/** The input of a group procedure, about a group the player runs. */
async function groupInput(path: string): Promise<unknown> {
  const g = await groupFor(path);
  const inputs: Record<string, unknown> = {
    'groups.byId': { id: g.id },
    'groups.leaderboard': { id: g.id },
    'groups.update': { id: g.id, name: 'Renommé' },
    'groups.delete': { id: g.id },
    'groups.leave': { id: g.id },
    'groups.removeMember': { id: g.id, userId: users.other.id },
    'groups.setLevelVerified': { id: g.id, userId: users.other.id, verified: true },
    'groups.renewInvite': { id: g.id },
    // Not removed: the group admin is answered 404 (past authorization), others the unknown id's.
    'groups.reinvite': { id: g.id, userId: users.other.id },
    'groups.createMatch': { id: g.id, ...matchFields() },
    'groups.createSlot': { id: g.id, ...slotFields() },
    'groups.updateSlot': { id: g.slotId, paused: true },
    'groups.deleteSlot': { id: g.slotId },
    'groups.skipSlotDate': { id: g.slotId, date: '2026-03-06' },
    'groups.createPoll': { id: g.id, ...pollFields() },
    'groups.poll': { id: g.pollId },
    'groups.answerPoll': { id: g.pollId, answers: { [g.pollSlot]: 'oui' } },
  };
  return inputs[path] ?? {};
}

/** The URL id and body of a group path, about a group the player runs. */
async function groupRest(op: RestOperation): Promise<{ url: string; payload: object }> {
  const g = await groupFor(op.key);
  const id = op.path.startsWith('/api/slots/')
    ? g.slotId
    : op.path.startsWith('/api/polls/')
      ? g.pollId
      : g.id;
  const url = op.path.replace('{id}', String(id)).replace('{userId}', String(users.other.id));
  const bodies: Record<string, object> = {
    'PUT /api/groups/{id}': { name: 'Renommé' },
    'PUT /api/groups/{id}/members/{userId}/level-verified': { verified: true },
    'POST /api/groups/{id}/matches': matchFields(),
    'POST /api/groups/{id}/slots': slotFields(),
    'PUT /api/slots/{id}': { paused: true },
    'POST /api/slots/{id}/skips': { date: '2026-03-06' },
    'POST /api/groups/{id}/polls': pollFields(),
    'PUT /api/polls/{id}/answers': { answers: { [g.pollSlot]: 'oui' } },
  };
  return { url, payload: bodies[op.key] ?? {} };
}

const resultBody = () => ({
  teams: [
    [users.player.id, users.other.id],
    [users.admin.id, 999_999],
  ],
  sets: [
    [6, 4],
    [6, 4],
  ],
});

const matchFields = () => ({
  place_id: placeId,
  date: '2026-03-25',
  time: '18:00',
  levels: ['Niveau 3'],
  slots: 3,
});

/** Inputs that reach the ownership check (owner rows); everything else is called with `{}`. */
async function procedureInput(p: Procedure): Promise<unknown> {
  if (p.fields === null) return undefined;
  if (p.path === 'users.get' || p.path === 'users.exportData') return { id: users.player.id };
  // A well-formed but wrong PIN: the owner is refused for the PIN (400), the others for the id (403).
  if (p.path === 'users.deleteAccount') return { id: users.player.id, pin: wrongPin() };
  if (p.path === 'matches.update') return { id: await newMatch(), ...matchFields() };
  if (p.path === 'matches.delete' || p.path === 'matches.participants')
    return { id: await newMatch() };
  // Another player who is not in it: the organiser is answered 409, anyone else 403.
  if (p.path === 'matches.removeParticipant')
    return { id: await newMatch(), userId: users.other.id };
  if (p.path.startsWith('groups.') && TRPC_RULES[p.path] === 'group') return groupInput(p.path);
  // A message the match does not have: its organiser is answered 404, anyone else 403.
  if (p.path.startsWith('chat.') && p.fields?.includes('id'))
    return { id: await newMatch(), messageId: 999_999, text: 'Bonjour', muted: true };
  // No such guest or request: the organiser is answered 409, anyone else 403.
  if (p.path === 'matches.releaseGuest') return { id: await newMatch(), guestId: 1 };
  if (p.path === 'matches.acceptRequest' || p.path === 'matches.declineRequest')
    return { id: await newMatch(), userId: users.other.id };
  // A match not started yet: its organiser is answered 400, anyone else 403.
  if (p.path === 'results.enter') return { id: await newMatch(), ...resultBody() };
  if (p.path === 'results.markNoShow') return { id: await newMatch(), userId: users.other.id };
  if (p.path === 'matches.setCourt') return { id: await newMatch(), booked: true };
  // No price given: the organiser is answered 400, anyone else 403.
  if (p.path === 'matches.setPayment')
    return { id: await newMatch(), userId: users.player.id, paid: true };
  if (p.path.startsWith('evenings.') && p.fields?.includes('id')) return eveningInput(p.path);
  if (p.path === 'wants.renew' || p.path === 'wants.delete') return { id: await newWant() };
  return {};
}

/** A fresh alert of the player's (one per cell: an allowed delete takes one away). */
async function newWant() {
  const [row] = await t.db.db
    .insert(wants)
    .values({
      userId: users.player.id,
      weekdays: [6],
      fromTime: '18:00',
      toTime: '21:00',
      placeIds: [placeId],
      expiresAt: new Date('2026-04-01T00:00:00Z'),
    })
    .returning({ id: wants.id });
  return row!.id;
}

/** A group chat path, about the shared group and a fresh message of the player (its admin). */
async function groupChatRest(op: RestOperation, headers: Record<string, string>) {
  const g = await groupFor('chat');
  const mine = await t.caller(users.player).chat.post({ id: g.id, room: 'group', text: 'Salut' });
  const url = op.path.replace('{id}', String(g.id)).replace('{messageId}', String(mine.id));
  return t.app.inject({
    method: op.method,
    url,
    headers,
    payload:
      op.method === 'GET'
        ? undefined
        : op.key.endsWith('/mute')
          ? { muted: true }
          : op.method === 'PATCH' || op.key.endsWith('/messages')
            ? { text: 'Bonjour' }
            : {},
  });
}

async function callRest(op: RestOperation, rule: Rule, headers: Record<string, string>) {
  if (rule === 'groupMember' || rule === 'groupMemberOrAdmin') {
    // One minute per call: the player's 20 messages a minute must not refuse a cell.
    t.clock.advance(60_000);
    return groupChatRest(op, headers);
  }
  if (rule === 'group' && /^\/api\/(groups|slots|polls)\/\{id\}/.test(op.path)) {
    const { url, payload } = await groupRest(op);
    return t.app.inject({
      method: op.method,
      url,
      headers,
      payload: op.method === 'GET' ? undefined : payload,
    });
  }
  if (op.path.startsWith('/api/evenings/')) {
    const { url, payload } = await eveningRest(op);
    return t.app.inject({ method: op.method, url, headers, payload });
  }
  if (op.path.startsWith('/api/wants/')) {
    const url = op.path.replace('{id}', String(await newWant()));
    return t.app.inject({ method: op.method, url, headers, payload: {} });
  }
  const ownMatch =
    rule !== 'public' && op.path.startsWith('/api/matches/') ? await newMatch() : sharedMatchId;
  // Admin paths get an id nothing has, so an allowed DELETE changes nothing the other cells use.
  const id = op.path.startsWith('/api/users/')
    ? users.player.id
    : op.path.startsWith('/api/matches/')
      ? ownMatch
      : 999_999;
  const url = op.path
    .replace('/payments/{userId}', `/payments/${users.player.id}`)
    .replace(/\{\w+\}/g, String(id));
  let payload: object | undefined;
  if (op.method !== 'GET')
    payload =
      op.key === 'PUT /api/matches/{id}'
        ? matchFields()
        : op.key === 'PUT /api/users/{id}'
          ? { name: 'Nom', level: 'Niveau 3' }
          : op.key === 'PUT /api/users/{id}/notifications'
            ? { notify_email: true, notify_sms: false }
            : op.key === 'PUT /api/users/{id}/notification-preferences'
              ? DEFAULT_PREFERENCES
              : op.key === 'DELETE /api/users/{id}'
                ? { pin: wrongPin() }
                : op.key.endsWith('/mute')
                  ? { muted: true }
                  : op.path.includes('/messages') && op.method !== 'DELETE'
                    ? { text: 'Bonjour' }
                    : {};
  if (op.key === 'PUT /api/matches/{id}/result') payload = resultBody();
  if (op.key === 'PUT /api/matches/{id}/court') payload = { booked: true };
  if (op.key === 'PUT /api/matches/{id}/payments/{userId}') payload = { paid: true };
  return t.app.inject({ method: op.method, url, headers, payload });
}

function verdict(res: LightMyRequestResponse, want: Outcome): string | null {
  const got = res.statusCode;
  if (want === 'pass')
    return got === 401 || got === 403 || got >= 500
      ? `expected to pass, got ${got} ${errorText(res) ?? ''}`
      : null;
  if (got !== want) return `expected ${want}, got ${got}`;
  return isFrench(errorText(res))
    ? null
    : `refusal without a French error: ${res.body.slice(0, 120)}`;
}

describe('authorization matrix', () => {
  it('has a decided rule for every procedure and every REST operation, and every cell holds', async () => {
    const procs = procedures();
    const ops = await restOperations(t.app);
    const ruleOf = (key: string, table: Record<string, Rule>) =>
      table[key] ?? (isAdminArea(key) ? 'admin' : undefined);

    const undecided = [
      ...procs.filter((p) => !ruleOf(p.path, TRPC_RULES)).map((p) => `tRPC ${p.path}`),
      ...ops.filter((o) => !ruleOf(o.key, REST_RULES)).map((o) => o.key),
    ];
    expect(
      undecided,
      'no authorization rule decided in tests/security/authz-matrix.test.ts',
    ).toEqual([]);
    const stale = [
      ...Object.keys(TRPC_RULES).filter((k) => !procs.some((p) => p.path === k)),
      ...Object.keys(REST_RULES).filter((k) => !ops.some((o) => o.key === k)),
    ];
    expect(stale, 'rules for procedures or paths that no longer exist').toEqual([]);

    const failures: string[] = [];
    let cells = 0;
    for (const p of procs) {
      const rule = ruleOf(p.path, TRPC_RULES)!;
      for (const role of ROLES) {
        const res = await callProcedure(t.app, p, await procedureInput(p), await headersFor(role));
        const problem = verdict(res, expected(rule, role));
        if (problem) failures.push(`tRPC ${p.path} as ${role} (${rule}): ${problem}`);
        cells++;
      }
    }
    for (const op of ops) {
      const rule = ruleOf(op.key, REST_RULES)!;
      for (const role of ROLES) {
        const problem = verdict(
          await callRest(op, rule, await headersFor(role)),
          expected(rule, role),
        );
        if (problem) failures.push(`${op.key} as ${role} (${rule}): ${problem}`);
        cells++;
      }
    }
    console.log(
      `[security] authorization matrix: ${cells} cells (${procs.length} procedures + ${ops.length} REST operations × ${ROLES.length} roles), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(cells).toBe((procs.length + ops.length) * ROLES.length);
  }, 90_000);
});

/**
 * The match room (issue 25), role by role on the match itself: a stranger, a waiting player, a
 * participant, the organiser and an admin, on both doors, for every room action. "pass" gets past
 * every access rule (the action may still be refused for what it asks, e.g. reporting one's own
 * message); a refusal is exactly that status with a French error. A cell that passes gets a match
 * of its own, so what it changed never decides another cell.
 */
type RoomRole = 'stranger' | 'waiting' | 'participant' | 'organiser' | 'admin';
const ROOM_ROLES: RoomRole[] = ['stranger', 'admin', 'waiting', 'participant', 'organiser'];
type RoomCell = 'pass' | 403 | 404;
interface RoomFixture {
  id: number;
  messageId: number;
  guestId: number;
}
interface RoomAction {
  name: string;
  visibility?: 'private';
  trpc: { path: string; kind: 'query' | 'mutation'; input: (f: RoomFixture) => unknown };
  rest: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: (f: RoomFixture) => string };
  body?: (f: RoomFixture) => object;
  expect: Record<RoomRole, RoomCell>;
}

const only = (...roles: RoomRole[]): Record<RoomRole, RoomCell> => ({
  stranger: roles.includes('stranger') ? 'pass' : 403,
  waiting: roles.includes('waiting') ? 'pass' : 403,
  participant: roles.includes('participant') ? 'pass' : 403,
  organiser: roles.includes('organiser') ? 'pass' : 403,
  admin: roles.includes('admin') ? 'pass' : 403,
});
let cast: Record<RoomRole | 'requester', TestUser>;
const msg = (f: RoomFixture) => `/api/matches/${f.id}/messages/${f.messageId}`;

const ROOM_ACTIONS: RoomAction[] = [
  {
    name: 'read the page of a private match (no link)',
    visibility: 'private',
    trpc: { path: 'matches.byId', kind: 'query', input: (f) => ({ id: f.id }) },
    rest: { method: 'GET', url: (f) => `/api/matches/${f.id}` },
    expect: { stranger: 404, waiting: 'pass', participant: 'pass', organiser: 'pass', admin: 404 },
  },
  {
    name: 'read the chat',
    trpc: { path: 'chat.list', kind: 'query', input: (f) => ({ id: f.id }) },
    rest: { method: 'GET', url: (f) => `/api/matches/${f.id}/messages` },
    expect: only('waiting', 'participant', 'organiser'),
  },
  {
    name: 'write in the chat',
    trpc: { path: 'chat.post', kind: 'mutation', input: (f) => ({ id: f.id, text: 'Salut' }) },
    rest: { method: 'POST', url: (f) => `/api/matches/${f.id}/messages` },
    body: () => ({ text: 'Salut' }),
    expect: only('participant', 'organiser'),
  },
  {
    name: 'edit the participant’s message',
    trpc: {
      path: 'chat.edit',
      kind: 'mutation',
      input: (f) => ({ id: f.id, messageId: f.messageId, text: 'Modifié' }),
    },
    rest: { method: 'PATCH', url: msg },
    body: () => ({ text: 'Modifié' }),
    expect: only('participant'),
  },
  {
    name: 'delete the participant’s message',
    trpc: {
      path: 'chat.delete',
      kind: 'mutation',
      input: (f) => ({ id: f.id, messageId: f.messageId }),
    },
    rest: { method: 'DELETE', url: msg },
    expect: only('participant', 'admin'),
  },
  {
    name: 'report the participant’s message',
    trpc: {
      path: 'chat.report',
      kind: 'mutation',
      input: (f) => ({ id: f.id, messageId: f.messageId }),
    },
    rest: { method: 'POST', url: (f) => `${msg(f)}/report` },
    expect: only('waiting', 'participant', 'organiser'),
  },
  {
    name: 'remove the participant',
    trpc: {
      path: 'matches.removeParticipant',
      kind: 'mutation',
      input: (f) => ({ id: f.id, userId: cast.participant.id }),
    },
    rest: {
      method: 'DELETE',
      url: (f) => `/api/matches/${f.id}/participants/${cast.participant.id}`,
    },
    expect: only('organiser'),
  },
  {
    name: 'release a reserved seat',
    trpc: {
      path: 'matches.releaseGuest',
      kind: 'mutation',
      input: (f) => ({ id: f.id, guestId: f.guestId }),
    },
    rest: { method: 'DELETE', url: (f) => `/api/matches/${f.id}/guests/${f.guestId}` },
    expect: only('organiser'),
  },
  ...(['accept', 'decline'] as const).map((answer): RoomAction => ({
    name: `${answer} a request to join`,
    trpc: {
      path: answer === 'accept' ? 'matches.acceptRequest' : 'matches.declineRequest',
      kind: 'mutation',
      input: (f) => ({ id: f.id, userId: cast.requester.id }),
    },
    rest: {
      method: 'POST',
      url: (f) => `/api/matches/${f.id}/requests/${cast.requester.id}/${answer}`,
    },
    expect: only('organiser'),
  })),
  {
    name: 'mark the court booked',
    trpc: {
      path: 'matches.setCourt',
      kind: 'mutation',
      input: (f) => ({ id: f.id, booked: true }),
    },
    rest: { method: 'PUT', url: (f) => `/api/matches/${f.id}/court` },
    body: () => ({ booked: true }),
    expect: only('participant', 'organiser'),
  },
  {
    name: 'mark the participant’s share paid',
    trpc: {
      path: 'matches.setPayment',
      kind: 'mutation',
      input: (f) => ({ id: f.id, userId: cast.participant.id, paid: true }),
    },
    rest: {
      method: 'PUT',
      url: (f) => `/api/matches/${f.id}/payments/${cast.participant.id}`,
    },
    body: () => ({ paid: true }),
    expect: only('participant', 'organiser'),
  },
  {
    name: 'make the match private',
    trpc: {
      path: 'matches.update',
      kind: 'mutation',
      input: (f) => ({ id: f.id, ...roomMatch(), visibility: 'private' }),
    },
    rest: { method: 'PUT', url: (f) => `/api/matches/${f.id}` },
    body: () => ({ ...roomMatch(), visibility: 'private' }),
    expect: only('organiser'),
  },
];

const roomMatch = () => ({
  place_id: placeId,
  date: '2026-03-21',
  time: '19:00',
  levels: ['Niveau 3'],
  slots: 2,
});

/**
 * A full match with everyone in place: a court price, one reserved seat, a participant (who wrote
 * in the chat), a waiting player, and a request from a player of another level (expired when the
 * match filled; the organiser may still accept it onto the waiting list).
 */
async function roomFixture(visibility: 'public' | 'private' = 'public'): Promise<RoomFixture> {
  // A minute apart: the participant's chat rate (20 messages a minute) never refuses a fixture.
  t.clock.advance(61_000);
  const organiser = t.caller(cast.organiser);
  const m = await organiser.matches.create({
    ...roomMatch(),
    guests: ['Marc'],
    visibility,
    price_cents: 4000,
  });
  const token = (await organiser.matches.byId({ id: m.id })).share_token;
  const link = token ? { token } : {};
  await t.caller(cast.requester).matches.request({ id: m.id, ...link });
  await t.caller(cast.participant).matches.join({ id: m.id, ...link });
  await t.caller(cast.waiting).matches.joinWaitlist({ id: m.id, ...link });
  const posted = await t.caller(cast.participant).chat.post({ id: m.id, text: 'Les balles ?' });
  const { guests } = await organiser.matches.byId({ id: m.id });
  return { id: m.id, messageId: posted.id, guestId: guests[0]!.id };
}

function roomVerdict(res: LightMyRequestResponse, want: RoomCell): string | null {
  const got = res.statusCode;
  if (want === 'pass')
    return got === 401 || got === 403 || got === 404 || got >= 500
      ? `expected to pass, got ${got} ${errorText(res) ?? ''}`
      : null;
  if (got !== want) return `expected ${want}, got ${got} ${errorText(res) ?? ''}`;
  return isFrench(errorText(res))
    ? null
    : `refusal without a French error: ${res.body.slice(0, 120)}`;
}

describe('authorization matrix of the match room (issue 25)', () => {
  beforeAll(async () => {
    cast = {
      stranger: await createUser(t.deps, { level: 'Niveau 7' }),
      waiting: await createUser(t.deps),
      participant: await createUser(t.deps),
      organiser: await createUser(t.deps),
      admin: await createAdmin(t.deps),
      requester: await createUser(t.deps, { level: 'Niveau 7' }),
    };
  });

  it('a stranger, a waiting player, a participant, the organiser and an admin each get exactly theirs, on both doors', async () => {
    const failures: string[] = [];
    let cells = 0;
    const started = t.clock.now();
    onTestFinished(() => t.clock.set(started));
    for (const action of ROOM_ACTIONS) {
      for (const door of ['tRPC', 'REST'] as const) {
        const shared = await roomFixture(action.visibility);
        for (const role of ROOM_ROLES) {
          const want = action.expect[role];
          const f = want === 'pass' ? await roomFixture(action.visibility) : shared;
          const { token } = await createSession(t.deps, cast[role].id, null);
          const headers = { authorization: `Bearer ${token}` };
          const res =
            door === 'tRPC'
              ? await callProcedure(
                  t.app,
                  { path: action.trpc.path, kind: action.trpc.kind, fields: [] },
                  action.trpc.input(f),
                  headers,
                )
              : await t.app.inject({
                  method: action.rest.method,
                  url: action.rest.url(f),
                  headers,
                  payload: action.rest.method === 'GET' ? undefined : (action.body?.(f) ?? {}),
                });
          const problem = roomVerdict(res, want);
          if (problem) failures.push(`${door} ${action.name} as ${role}: ${problem}`);
          cells++;
        }
      }
    }
    console.log(
      `[security] match room matrix: ${cells} cells (${ROOM_ACTIONS.length} actions × 2 doors × ${ROOM_ROLES.length} roles), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(cells).toBe(ROOM_ACTIONS.length * 2 * ROOM_ROLES.length);
  }, 180_000);
});

/**
 * Results (issue 26), role by role: who may enter, answer, declare absent, read and decide, on a
 * match that started yesterday, on both doors. The organiser does not play: the author plays with
 * Marc, a reserved-seat guest, against two rivals. Statuses a client sees: 200, or the refusal
 * (401 anonymous, 403 not theirs, 409 passed authorization but the state says no).
 */
type ResultRole = 'anonymous' | 'stranger' | 'admin' | 'organiser' | 'author' | 'rival';
type ResultAction =
  | 'enter'
  | 'confirm'
  | 'contest'
  | 'noShow'
  | 'forMatch'
  | 'lines'
  | 'profile'
  | 'adminDecide'
  | 'levelFeedback';
const RESULT_ROLES: ResultRole[] = [
  'anonymous',
  'stranger',
  'admin',
  'organiser',
  'author',
  'rival',
];
const RESULT_CELLS: Record<ResultAction, Record<ResultRole, number>> = {
  // Already entered: every player of the match gets past authorization to the 409.
  enter: { anonymous: 401, stranger: 403, admin: 403, organiser: 409, author: 409, rival: 409 },
  confirm: { anonymous: 401, stranger: 403, admin: 403, organiser: 403, author: 403, rival: 200 },
  contest: { anonymous: 401, stranger: 403, admin: 403, organiser: 403, author: 403, rival: 200 },
  noShow: { anonymous: 401, stranger: 403, admin: 403, organiser: 200, author: 403, rival: 403 },
  forMatch: { anonymous: 401, stranger: 200, admin: 200, organiser: 200, author: 200, rival: 200 },
  lines: { anonymous: 401, stranger: 200, admin: 200, organiser: 200, author: 200, rival: 200 },
  profile: { anonymous: 401, stranger: 200, admin: 200, organiser: 200, author: 200, rival: 200 },
  // A word on a co-player's level (issue 43): the match's players get past authorization to the
  // 400 of a result not yet confirmed; anyone else is refused.
  levelFeedback: {
    anonymous: 401,
    stranger: 403,
    admin: 403,
    organiser: 400,
    author: 400,
    rival: 400,
  },
  // Not contested: the admin gets past authorization to the 409.
  adminDecide: {
    anonymous: 401,
    stranger: 403,
    admin: 409,
    organiser: 403,
    author: 403,
    rival: 403,
  },
};
/** Actions whose allowed cell changes the result or the absences: each gets a match of its own. */
const MUTATING = new Set<ResultAction>(['confirm', 'contest', 'noShow']);
/** Actions with no REST path (read by the client only). */
const TRPC_ONLY = new Set<ResultAction>(['forMatch', 'lines', 'adminDecide']);

describe('results: roles × actions on both doors', () => {
  let cast: Record<Exclude<ResultRole, 'anonymous' | 'admin'>, TestUser> & { second: TestUser };

  beforeAll(async () => {
    cast = {
      stranger: await createUser(t.deps),
      organiser: await createUser(t.deps),
      author: await createUser(t.deps),
      rival: await createUser(t.deps),
      second: await createUser(t.deps),
    };
  });

  /** Yesterday's match with its result entered by the author ([author, Marc] against the rivals). */
  async function resultMatch() {
    const m = await insertMatch(t, {
      placeId,
      createdBy: cast.organiser.id,
      date: '2026-03-01',
      time: '18:00',
      missing: 0,
    });
    await t.db.db
      .insert(matchParticipants)
      .values([cast.author, cast.rival, cast.second].map((u) => ({ matchId: m.id, userId: u.id })));
    const [seat] = await t.db.db
      .insert(matchGuests)
      .values({ matchId: m.id, name: 'Marc' })
      .returning({ id: matchGuests.id });
    await t.caller(cast.author).results.enter({
      id: m.id,
      teams: [
        [cast.author.id, { guest: seat!.id }],
        [cast.rival.id, cast.second.id],
      ],
      sets: [
        [6, 4],
        [6, 4],
      ],
    });
    return m.id;
  }

  function call(action: ResultAction, door: 'rest' | 'trpc', id: number, headers: object) {
    const h = headers as Record<string, string>;
    const rest = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) });
    const trpc = (path: string, kind: 'query' | 'mutation', input: unknown) =>
      callProcedure(t.app, { path, kind, fields: [] }, input, h);
    const body = {
      teams: [
        [cast.author.id, cast.second.id],
        [cast.rival.id, cast.organiser.id],
      ],
      sets: [
        [6, 1],
        [6, 1],
      ],
    };
    switch (action) {
      case 'enter':
        return door === 'rest'
          ? rest('PUT', `/matches/${id}/result`, body)
          : trpc('results.enter', 'mutation', { id, ...body });
      case 'confirm':
        return door === 'rest'
          ? rest('POST', `/matches/${id}/result/confirm`)
          : trpc('results.confirm', 'mutation', { id });
      case 'contest':
        return door === 'rest'
          ? rest('POST', `/matches/${id}/result/contest`, { reason: 'Faux' })
          : trpc('results.contest', 'mutation', { id, reason: 'Faux' });
      case 'noShow':
        return door === 'rest'
          ? rest('POST', `/matches/${id}/no-show/${cast.second.id}`)
          : trpc('results.markNoShow', 'mutation', { id, userId: cast.second.id });
      case 'forMatch':
        return trpc('results.forMatch', 'query', { id });
      case 'lines':
        return trpc('results.lines', 'query', { ids: [id] });
      case 'profile':
        return door === 'rest'
          ? rest('GET', `/users/${cast.author.id}/profile`)
          : trpc('results.profile', 'query', { id: cast.author.id });
      case 'adminDecide':
        return trpc('results.adminDecide', 'mutation', { id, decision: 'confirmed' });
      case 'levelFeedback': {
        const word = { user_id: cast.rival.id, verdict: 'juste' };
        return door === 'rest'
          ? rest('POST', `/matches/${id}/level-feedback`, word)
          : trpc('results.levelFeedback', 'mutation', { id, ...word });
      }
    }
  }

  it('every cell answers as decided, refusals in French', async () => {
    const shared = await resultMatch();
    const failures: string[] = [];
    let cells = 0;
    for (const action of Object.keys(RESULT_CELLS) as ResultAction[])
      for (const door of TRPC_ONLY.has(action) ? (['trpc'] as const) : (['rest', 'trpc'] as const))
        for (const role of RESULT_ROLES) {
          const want = RESULT_CELLS[action][role];
          const id = want === 200 && MUTATING.has(action) ? await resultMatch() : shared;
          const user = role === 'anonymous' ? null : role === 'admin' ? users.admin : cast[role];
          const headers = user ? { authorization: `Bearer ${user.token}` } : {};
          const res = await call(action, door, id, headers);
          cells++;
          if (res.statusCode !== want)
            failures.push(
              `${action} ${door} as ${role}: expected ${want}, got ${res.statusCode} ${errorText(res) ?? ''}`,
            );
          else if (want !== 200 && !isFrench(errorText(res)))
            failures.push(
              `${action} ${door} as ${role}: refusal not in French: ${res.body.slice(0, 120)}`,
            );
        }
    console.log(`[security] results matrix: ${cells} cells, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 120_000);
});

/**
 * The group roles × the interfaces of groups' chats, live polls and matches kept to a group: the
 * group's admin (who organises the match), a plain member, an outsider, a site admin, and nobody.
 * Each cell is the HTTP status expected (a tRPC error's status for procedures; for a live stream,
 * 200 means its first frame is data, otherwise the status of the error it answers or sends).
 */
type GroupRole = 'anonymous' | 'groupAdmin' | 'member' | 'outsider' | 'siteAdmin';
const GROUP_ROLES: GroupRole[] = ['anonymous', 'groupAdmin', 'member', 'outsider', 'siteAdmin'];
type Answer = { status: number; error?: string };
interface GroupRow {
  key: string;
  /** Expected status per role, in GROUP_ROLES order. */
  want: [number, number, number, number, number];
  call: (role: GroupRole, headers: Record<string, string>) => Promise<Answer>;
}

const TRPC_STATUS: Record<string, number> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  CONFLICT: 409,
};

/** The app on a real port (once per file), for the live streams `inject` cannot wait out. */
let listening: Promise<string> | undefined;
const sockets = new Set<Socket>();
const serverBase = () =>
  (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }).then((base) => {
    t.app.server.on('connection', (socket: Socket) => sockets.add(socket));
    return base;
  }));
/** fetch may leave a connection it never sent a request on; it would hold the server's close. */
const dropIdleSockets = () => {
  for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
};

const inject = async (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
): Promise<Answer> => {
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, error: res.statusCode >= 400 ? errorText(res) : undefined };
};
const proc = async (
  path: string,
  kind: 'query' | 'mutation',
  input: unknown,
  headers: Record<string, string>,
) =>
  inject(
    ...procRequest(path, kind, input),
    headers,
    kind === 'mutation' ? (input as object) : undefined,
  );
const procRequest = (
  path: string,
  kind: 'query' | 'mutation',
  input: unknown,
): ['GET' | 'POST', string] =>
  kind === 'query'
    ? ['GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`]
    : ['POST', `/trpc/${path}`];
/** A live stream over real HTTP: its first frame, data (200) or an error. */
const stream = async (url: string, headers: Record<string, string>): Promise<Answer> => {
  const s = await openSse(`${await serverBase()}${url}`, headers);
  try {
    if (s.status !== 200) return { status: s.status, error: (s.body as { error?: string })?.error };
    for (;;) {
      const e = await s.next(5000);
      if (e.event === 'connected' || e.event === 'ping') continue;
      if (e.event !== 'serialized-error') return { status: 200 };
      const err = JSON.parse(e.data) as { message: string; data: { code: string } };
      return { status: TRPC_STATUS[err.data.code] ?? 500, error: err.message };
    }
  } finally {
    s.close();
  }
};
const trpcStream = (path: string, input: unknown, headers: Record<string, string>) =>
  stream(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers);

describe('authorization matrix: group roles', () => {
  let member: TestUser;
  /** Removed from the group by its admin: barred from the link until re-invited. */
  let gone: TestUser;
  let g: { id: number; pollId: number };
  /** Kept to the group: M (to read and join), M2 (full: to queue), M3 (for requests). */
  let m: { id: number; token: string };
  let m2: number;
  let m3: number;
  const people = () =>
    ({
      groupAdmin: users.player,
      member,
      outsider: users.other,
      siteAdmin: users.admin,
    }) as const;

  beforeAll(async () => {
    member = await createUser(t.deps, { name: 'Membre Matrice', level: 'Niveau 7' });
    const filler = await createUser(t.deps, { name: 'Remplaçant Matrice' });
    const as = t.caller(users.player);
    const group = await as.groups.create({ name: 'Matrice des groupes' });
    gone = await createUser(t.deps, { name: 'Retiré Matrice' });
    for (const u of [member, filler, gone])
      await t.caller(u).groups.join({ token: group.invite_token });
    await as.groups.removeMember({ id: group.id, userId: gone.id });
    const poll = await as.groups.createPoll({ id: group.id, ...pollFields() });
    g = { id: group.id, pollId: poll.id };
    const only = (time: string, slots: number, levels = matchFields().levels) =>
      as.groups.createMatch({
        id: group.id,
        ...matchFields(),
        time,
        slots,
        levels,
        group_only: true,
      });
    const made = await only('19:00', 3);
    m = { id: made.id, token: (await as.matches.byId({ id: made.id })).share_token! };
    // The member's level is among the full match's: the waiting list refuses other levels.
    m2 = (await only('19:30', 1, ['Niveau 3', 'Niveau 7'])).id;
    await t.caller(filler).matches.join({ id: m2 });
    m3 = (await only('20:00', 3)).id;
    await serverBase();
  });
  afterAll(dropIdleSockets);

  /** A message of `who` in the group (one minute later each: the 20-a-minute limit). */
  const message = async (who: TestUser) => {
    t.clock.advance(60_000);
    return (await t.caller(who).chat.post({ id: g.id, room: 'group', text: 'Message' })).id;
  };
  /** Their own message for members; the group admin's for anyone else. */
  const ownOrAdmins = (role: GroupRole) => message(role === 'member' ? member : users.player);
  /** Someone else's message, to report. */
  const othersMessage = (role: GroupRole) => message(role === 'groupAdmin' ? member : users.player);

  const chat = '/api/groups/{id}/messages';

  const rows = (): GroupRow[] => [
    // The group's chat, REST.
    {
      key: `GET ${chat}`,
      want: [401, 200, 200, 404, 404],
      call: (_, h) => inject('GET', `/api/groups/${g.id}/messages`, h),
    },
    {
      key: `POST ${chat}`,
      want: [401, 201, 201, 404, 404],
      call: (_, h) => (
        t.clock.advance(60_000),
        inject('POST', `/api/groups/${g.id}/messages`, h, { text: 'Salut' })
      ),
    },
    {
      key: `PATCH ${chat}/{messageId}`,
      want: [401, 200, 200, 404, 404],
      call: async (r, h) =>
        inject('PATCH', `/api/groups/${g.id}/messages/${await ownOrAdmins(r)}`, h, {
          text: 'Modifié',
        }),
    },
    {
      key: `DELETE ${chat}/{messageId}`,
      want: [401, 200, 200, 404, 200],
      call: async (r, h) =>
        inject('DELETE', `/api/groups/${g.id}/messages/${await ownOrAdmins(r)}`, h),
    },
    {
      key: `POST ${chat}/{messageId}/report`,
      want: [401, 201, 201, 404, 404],
      call: async (r, h) =>
        inject('POST', `/api/groups/${g.id}/messages/${await othersMessage(r)}/report`, h, {}),
    },
    // The group's evenings: listed and created by its members only, on both doors.
    {
      key: 'GET /api/evenings?group_id',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => inject('GET', `/api/evenings?group_id=${g.id}`, h),
    },
    {
      key: 'evenings.list (group)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => proc('evenings.list', 'query', { group_id: g.id }, h),
    },
    {
      key: 'evenings.create (group)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) =>
        proc(
          'evenings.create',
          'mutation',
          {
            ...matchFields(),
            slots: undefined,
            format: 'americano',
            courts: 1,
            max_players: 4,
            points_per_game: 24,
            group_id: g.id,
          },
          h,
        ),
    },
    // The same chat through tRPC.
    {
      key: 'chat.list (group)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => proc('chat.list', 'query', { id: g.id, room: 'group' }, h),
    },
    {
      key: 'chat.post (group)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => (
        t.clock.advance(60_000),
        proc('chat.post', 'mutation', { id: g.id, room: 'group', text: 'Salut' }, h)
      ),
    },
    {
      key: 'chat.edit (group)',
      want: [401, 200, 200, 404, 404],
      call: async (r, h) =>
        proc(
          'chat.edit',
          'mutation',
          { id: g.id, room: 'group', messageId: await ownOrAdmins(r), text: 'Modifié' },
          h,
        ),
    },
    {
      key: 'chat.delete (group)',
      want: [401, 200, 200, 404, 200],
      call: async (r, h) =>
        proc(
          'chat.delete',
          'mutation',
          { id: g.id, room: 'group', messageId: await ownOrAdmins(r) },
          h,
        ),
    },
    {
      key: 'chat.report (group)',
      want: [401, 200, 200, 404, 404],
      call: async (r, h) =>
        proc(
          'chat.report',
          'mutation',
          { id: g.id, room: 'group', messageId: await othersMessage(r) },
          h,
        ),
    },
    {
      key: 'chat.markRead (group)',
      want: [401, 200, 200, 404, 404],
      call: async (r, h) =>
        proc(
          'chat.markRead',
          'mutation',
          { id: g.id, room: 'group', messageId: await othersMessage(r) },
          h,
        ),
    },
    {
      key: 'chat.unread (group)',
      want: [401, 200, 200, 200, 200],
      call: (_, h) => proc('chat.unread', 'query', { room: 'group' }, h),
    },
    {
      key: 'chat.onMessage (group)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) =>
        trpcStream('chat.onMessage', { id: g.id, room: 'group', lastEventId: '0' }, h),
    },
    // Live polls: the access of GET /api/polls/{id} (members only; to anyone else the poll does
    // not exist: the 404 of an unknown id).
    {
      key: 'GET /api/polls/{id}',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => inject('GET', `/api/polls/${g.pollId}`, h),
    },
    {
      key: 'GET /api/polls/{id}/events',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => stream(`/api/polls/${g.pollId}/events`, h),
    },
    {
      key: 'groups.poll',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => proc('groups.poll', 'query', { id: g.pollId }, h),
    },
    {
      key: 'groups.onPoll',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => trpcStream('groups.onPoll', { id: g.pollId }, h),
    },
    {
      key: 'groups.onChange',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => trpcStream('groups.onChange', { id: g.id }, h),
    },
    // The invite link: renewed and re-opened to a removed player by group admins only.
    {
      key: 'POST /api/groups/{id}/invite-token',
      want: [401, 200, 403, 404, 404],
      call: (_, h) => inject('POST', `/api/groups/${g.id}/invite-token`, h, {}),
    },
    {
      key: 'POST /api/groups/{id}/members/{userId}/reinvite',
      want: [401, 200, 403, 404, 404],
      call: (_, h) => inject('POST', `/api/groups/${g.id}/members/${gone.id}/reinvite`, h, {}),
    },
    {
      key: 'groups.renewInvite',
      want: [401, 200, 403, 404, 404],
      call: (_, h) => proc('groups.renewInvite', 'mutation', { id: g.id }, h),
    },
    // A match kept to the group: private to outsiders (404 everywhere), open to members.
    {
      key: 'GET /api/matches/{id} (group only)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => inject('GET', `/api/matches/${m.id}`, h),
    },
    {
      key: 'matches.byId (group only)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => proc('matches.byId', 'query', { id: m.id }, h),
    },
    {
      key: 'GET /api/matches/{id}/events (group only)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => stream(`/api/matches/${m.id}/events`, h),
    },
    {
      key: 'matches.onChange (group only)',
      want: [401, 200, 200, 404, 404],
      call: (_, h) => trpcStream('matches.onChange', { id: m.id }, h),
    },
    // The organiser may not join or queue for their own match (400); the member joins, queues, asks.
    {
      key: 'POST /api/matches/{id}/join (group only)',
      want: [401, 400, 200, 404, 404],
      call: (_, h) => inject('POST', `/api/matches/${m.id}/join`, h, {}),
    },
    {
      key: 'POST /api/matches/{id}/waitlist (group only, full)',
      want: [401, 400, 201, 404, 404],
      call: (_, h) => inject('POST', `/api/matches/${m2}/waitlist`, h, {}),
    },
    {
      key: 'POST /api/matches/{id}/requests (group only)',
      want: [401, 400, 201, 404, 404],
      call: (_, h) => inject('POST', `/api/matches/${m3}/requests`, h, { message: 'Je peux ?' }),
    },
    // A member who does not play it knows it exists: 403 there, as for a public match.
    {
      key: 'GET /api/matches/{id}/calendar.ics (group only)',
      want: [401, 200, 403, 404, 404],
      call: (_, h) => inject('GET', `/api/matches/${m3}/calendar.ics`, h),
    },
    {
      key: 'GET /api/matches/{id}/messages (group only)',
      want: [401, 200, 403, 404, 404],
      call: (_, h) => inject('GET', `/api/matches/${m3}/messages`, h),
    },
    // The share page: never by id; by its private link's token, as for any private match.
    {
      key: 'GET /m/{id} (group only)',
      want: [404, 404, 404, 404, 404],
      call: (_, h) => inject('GET', `/m/${m.id}`, h),
    },
    {
      key: 'GET /m/{token} (group only)',
      want: [200, 200, 200, 200, 200],
      call: (_, h) => inject('GET', `/m/${m.token}`, h),
    },
  ];

  it('every cell holds, with a French error for every refusal', { timeout: 90_000 }, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const row of rows())
      for (const [i, role] of GROUP_ROLES.entries()) {
        const who = role === 'anonymous' ? null : people()[role];
        const headers: Record<string, string> = who
          ? { authorization: `Bearer ${(await createSession(t.deps, who.id, null)).token}` }
          : {};
        const got = await row.call(role, headers);
        const want = row.want[i]!;
        cells++;
        if (got.status !== want)
          failures.push(
            `${row.key} as ${role}: expected ${want}, got ${got.status} ${got.error ?? ''}`,
          );
        else if (want >= 400 && !row.key.startsWith('GET /m/') && !isFrench(got.error))
          failures.push(`${row.key} as ${role}: refusal without a French error: ${got.error}`);
      }
    console.log(
      `[security] group roles matrix: ${cells} cells (${rows().length} interfaces × ${GROUP_ROLES.length} roles), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });
});

/**
 * A private evening (issue 40), role by role on every door: nobody (401), a stranger and a site
 * admin (the 404 of an unknown evening: no existence oracle), a player signed up, its organiser
 * (who plays). Each row gets a running evening of its own (four players, one game), so what a cell
 * changes never decides another row; within a row the organiser acts last. Statuses are the HTTP
 * status, a tRPC error's status, or for a live stream 200 when its first frame is the evening.
 */
type EveningRole = 'anonymous' | 'stranger' | 'admin' | 'player' | 'organiser';
const EVENING_ROLES: EveningRole[] = ['anonymous', 'stranger', 'admin', 'player', 'organiser'];
interface EveningFixture {
  id: number;
  token: string;
  gameId: number;
}
interface EveningRow {
  key: string;
  /** Expected status per role, in EVENING_ROLES order. */
  want: [number, number, number, number, number];
  call: (f: EveningFixture, headers: Record<string, string>) => Promise<Answer>;
}

describe('authorization matrix: a private evening × roles, on every door', () => {
  let cast: Record<Exclude<EveningRole, 'anonymous' | 'admin'>, TestUser> & { fillers: TestUser[] };

  beforeAll(async () => {
    cast = {
      stranger: await createUser(t.deps, { name: 'Inconnu Soirée' }),
      player: await createUser(t.deps, { name: 'Joueur Soirée' }),
      organiser: await createUser(t.deps, { name: 'Organisateur Soirée' }),
      fillers: [await createUser(t.deps), await createUser(t.deps)],
    };
    await serverBase();
  });
  afterAll(dropIdleSockets);

  /** A private evening, started: the organiser, the player and two more on one court. */
  async function privateEvening(): Promise<EveningFixture> {
    const as = t.caller(cast.organiser);
    const made = await as.evenings.create(
      // Sooner than the main matrix's public evenings: the list shows the 50 soonest.
      eveningFields({ visibility: 'private', organiser_plays: true, date: '2026-03-10' }),
    );
    const token = made.share_token!;
    for (const u of [cast.player, ...cast.fillers])
      await t.caller(u).evenings.join({ id: made.id, token });
    const { evening } = await as.evenings.start({ id: made.id });
    return { id: made.id, token, gameId: evening.rounds[0]!.games[0]!.id };
  }
  const who = (role: EveningRole) =>
    role === 'anonymous' ? null : role === 'admin' ? users.admin : cast[role];

  const hidden = [401, 404, 404] as const;
  const rows: EveningRow[] = [
    {
      key: 'GET /api/evenings/{id}',
      want: [...hidden, 200, 200],
      call: (f, h) => inject('GET', `/api/evenings/${f.id}`, h),
    },
    {
      key: 'evenings.byId',
      want: [...hidden, 200, 200],
      call: (f, h) => proc('evenings.byId', 'query', { id: f.id }, h),
    },
    // Whoever holds its link reads it.
    {
      key: 'GET /api/evenings/{id}?token',
      want: [401, 200, 200, 200, 200],
      call: (f, h) => inject('GET', `/api/evenings/${f.id}?token=${f.token}`, h),
    },
    {
      key: 'evenings.byId (token)',
      want: [401, 200, 200, 200, 200],
      call: (f, h) => proc('evenings.byId', 'query', { id: f.id, token: f.token }, h),
    },
    {
      key: 'GET /api/evenings/{id}/live',
      want: [...hidden, 200, 200],
      call: (f, h) => stream(`/api/evenings/${f.id}/live`, h),
    },
    {
      key: 'evenings.onChange',
      want: [...hidden, 200, 200],
      call: (f, h) => trpcStream('evenings.onChange', { id: f.id }, h),
    },
    {
      key: 'GET /api/evenings/{id}/live?token',
      want: [401, 200, 200, 200, 200],
      call: (f, h) => stream(`/api/evenings/${f.id}/live?token=${f.token}`, h),
    },
    // Signed up already: the player and the organiser get past every access rule to the 409.
    {
      key: 'POST /api/evenings/{id}/join',
      want: [...hidden, 409, 409],
      call: (f, h) => inject('POST', `/api/evenings/${f.id}/join`, h, {}),
    },
    {
      key: 'evenings.join',
      want: [...hidden, 409, 409],
      call: (f, h) => proc('evenings.join', 'mutation', { id: f.id }, h),
    },
    {
      key: 'DELETE /api/evenings/{id}/join',
      want: [...hidden, 200, 200],
      call: (f, h) => inject('DELETE', `/api/evenings/${f.id}/join`, h),
    },
    {
      key: 'evenings.leave',
      want: [...hidden, 200, 200],
      call: (f, h) => proc('evenings.leave', 'mutation', { id: f.id }, h),
    },
    // Both teams' players may enter; the same score again is no conflict.
    {
      key: 'PUT /api/evenings/{id}/games/{gameId}/score',
      want: [...hidden, 200, 200],
      call: (f, h) =>
        inject('PUT', `/api/evenings/${f.id}/games/${f.gameId}/score`, h, { score: [15, 9] }),
    },
    {
      key: 'evenings.score',
      want: [...hidden, 200, 200],
      call: (f, h) =>
        proc('evenings.score', 'mutation', { id: f.id, gameId: f.gameId, score: [15, 9] }, h),
    },
    // The organiser's doors: a player is refused (403); a stranger still sees nothing (404).
    {
      key: 'PUT /api/evenings/{id}/signups',
      want: [...hidden, 403, 200],
      call: (f, h) => inject('PUT', `/api/evenings/${f.id}/signups`, h, { closed: true }),
    },
    {
      key: 'evenings.setSignupsClosed',
      want: [...hidden, 403, 200],
      call: (f, h) => proc('evenings.setSignupsClosed', 'mutation', { id: f.id, closed: true }, h),
    },
    // Already running: the organiser gets past authorization to the 400.
    ...(['start', 'rounds', 'finish'] as const).flatMap((step): EveningRow[] => [
      {
        key: `POST /api/evenings/{id}/${step}`,
        want: [...hidden, 403, 400],
        call: (f, h) => inject('POST', `/api/evenings/${f.id}/${step}`, h, {}),
      },
      {
        key: `evenings.${step === 'rounds' ? 'nextRound' : step}`,
        want: [...hidden, 403, 400],
        call: (f, h) =>
          proc(`evenings.${step === 'rounds' ? 'nextRound' : step}`, 'mutation', { id: f.id }, h),
      },
    ]),
    // The stranger is not waiting: the organiser is answered 400.
    {
      key: 'POST /api/evenings/{id}/players/{userId}',
      want: [...hidden, 403, 400],
      call: (f, h) => inject('POST', `/api/evenings/${f.id}/players/${cast.stranger.id}`, h, {}),
    },
    {
      key: 'evenings.addPlayer',
      want: [...hidden, 403, 400],
      call: (f, h) =>
        proc('evenings.addPlayer', 'mutation', { id: f.id, userId: cast.stranger.id }, h),
    },
    {
      key: 'DELETE /api/evenings/{id}/players/{userId}',
      want: [...hidden, 403, 200],
      call: (f, h) => inject('DELETE', `/api/evenings/${f.id}/players/${cast.fillers[0]!.id}`, h),
    },
    {
      key: 'evenings.removePlayer',
      want: [...hidden, 403, 200],
      call: (f, h) =>
        proc('evenings.removePlayer', 'mutation', { id: f.id, userId: cast.fillers[0]!.id }, h),
    },
  ];

  it('every cell holds, with a French error for every refusal', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const row of rows) {
      const f = await privateEvening();
      for (const [i, role] of EVENING_ROLES.entries()) {
        const user = who(role);
        const headers: Record<string, string> = user
          ? { authorization: `Bearer ${(await createSession(t.deps, user.id, null)).token}` }
          : {};
        const got = await row.call(f, headers);
        const want = row.want[i]!;
        cells++;
        if (got.status !== want)
          failures.push(
            `${row.key} as ${role}: expected ${want}, got ${got.status} ${got.error ?? ''}`,
          );
        else if (want >= 400 && !isFrench(got.error))
          failures.push(`${row.key} as ${role}: refusal without a French error: ${got.error}`);
        else if (want === 404 && got.error !== EVENING_TEXT.notFound)
          failures.push(`${row.key} as ${role}: not the 404 of an unknown evening: ${got.error}`);
      }
    }
    console.log(
      `[security] private evening matrix: ${cells} cells (${rows.length} doors × ${EVENING_ROLES.length} roles), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });

  it('lists a private evening to its organiser and players only, on both doors', async () => {
    const f = await privateEvening();
    const failures: string[] = [];
    for (const role of ['stranger', 'admin', 'player', 'organiser'] as const) {
      const headers = {
        authorization: `Bearer ${(await createSession(t.deps, who(role)!.id, null)).token}`,
      };
      const sees = role === 'player' || role === 'organiser';
      const lists = [
        await t.app.inject({ method: 'GET', url: '/api/evenings', headers }),
        await t.app.inject({ method: 'GET', url: '/api/evenings?mine=1', headers }),
        await callProcedure(
          t.app,
          { path: 'evenings.list', kind: 'query', fields: [] },
          {},
          headers,
        ),
        await callProcedure(
          t.app,
          { path: 'evenings.list', kind: 'query', fields: [] },
          { mine: true },
          headers,
        ),
      ];
      for (const [n, res] of lists.entries()) {
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<{ id: number }[] | { result: { data: { id: number }[] } }>();
        const ids = (Array.isArray(body) ? body : body.result.data).map((e) => e.id);
        if (ids.includes(f.id) !== sees)
          failures.push(`list #${n} as ${role}: ${sees ? 'missing' : 'shown'}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Webhook endpoints (issue 38): an API key with the `webhooks` scope sees and manages the
 * endpoints it registered, and nothing else: another key's endpoint or the admin's is answered as
 * unknown (404), its URL never shown. The admin (session) sees and manages them all; a key without
 * the scope gets 403. Rows: action × owner of the endpoint; columns: key A, key B, a key without
 * the scope, the admin (through /api/admin/webhooks and the tRPC procedures).
 */
describe('authorization matrix: webhook endpoints × API keys and the admin', () => {
  type Caller = 'keyA' | 'keyB' | 'noScope' | 'admin';
  type Owner = 'keyA' | 'keyB' | 'admin';
  const CALLERS: Caller[] = ['keyA', 'keyB', 'noScope', 'admin'];
  const OWNERS: Owner[] = ['keyA', 'keyB', 'admin'];
  let tokens: Record<Exclude<Caller, 'admin'>, string>;
  const urlOf = (owner: Owner, n: number) => `http://127.0.0.1:9/hooks/${owner}-${n}-secret-path`;
  let made = 0;

  beforeAll(async () => {
    const issue = async (name: string, scopes: ('webhooks' | 'matches:read')[]) =>
      (await issueApiKey(t.deps, users.admin, { name, scopes })).key;
    tokens = {
      keyA: await issue('Intégrateur A', ['webhooks', 'matches:read']),
      keyB: await issue('Intégrateur B', ['webhooks']),
      noScope: await issue('Lecture seule', ['matches:read']),
    };
  });

  const headersOf = async (who: Caller) =>
    who === 'admin'
      ? { authorization: `Bearer ${(await createSession(t.deps, users.admin.id, null)).token}` }
      : { authorization: `Bearer ${tokens[who]}` };

  /** An endpoint registered by `owner` through its own door. */
  async function endpoint(owner: Owner) {
    const url = urlOf(owner, ++made);
    const res = await t.app.inject({
      method: 'POST',
      url: owner === 'admin' ? '/api/admin/webhooks' : '/api/v2/webhooks',
      headers: await headersOf(owner),
      payload: { url, events: ['match.created'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json<{ id: number }>().id, url };
  }

  /** What `who` lists: ids and URLs (v2 for a key, the admin's list and tRPC for the admin). */
  async function list(who: Caller): Promise<LightMyRequestResponse[]> {
    const headers = await headersOf(who);
    if (who !== 'admin')
      return [await t.app.inject({ method: 'GET', url: '/api/v2/webhooks?limit=100', headers })];
    return [
      await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers }),
      await callProcedure(
        t.app,
        { path: 'integrations.webhooks', kind: 'query', fields: [] },
        undefined,
        headers,
      ),
    ];
  }
  async function remove(who: Caller, id: number): Promise<LightMyRequestResponse[]> {
    const headers = await headersOf(who);
    if (who !== 'admin')
      return [await t.app.inject({ method: 'DELETE', url: `/api/v2/webhooks/${id}`, headers })];
    return [await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${id}`, headers })];
  }
  const errorOf = (res: LightMyRequestResponse) => {
    try {
      const body = res.json<{ error?: string | { message?: string } }>();
      return typeof body.error === 'string' ? body.error : body.error?.message;
    } catch {
      return undefined;
    }
  };
  const sees = (caller: Caller, owner: Owner) => caller === 'admin' || caller === owner;

  it('each key lists and deletes its own endpoints only, the admin all; refusals in French', async () => {
    const failures: string[] = [];
    let cells = 0;
    const existing = Object.fromEntries(
      await Promise.all(OWNERS.map(async (o) => [o, await endpoint(o)] as const)),
    ) as Record<Owner, { id: number; url: string }>;

    for (const caller of CALLERS)
      for (const res of await list(caller)) {
        cells++;
        if (caller === 'noScope') {
          if (res.statusCode !== 403 || !isFrench(errorOf(res)))
            failures.push(`list as ${caller}: expected a French 403, got ${res.statusCode}`);
          continue;
        }
        if (res.statusCode !== 200) {
          failures.push(`list as ${caller}: expected 200, got ${res.statusCode}`);
          continue;
        }
        for (const owner of OWNERS) {
          const shown = res.body.includes(existing[owner].url);
          if (shown !== sees(caller, owner))
            failures.push(
              `list as ${caller}: ${owner}'s endpoint ${shown ? 'shown' : 'missing'} (${res.body.slice(0, 200)})`,
            );
        }
      }

    for (const caller of CALLERS)
      for (const owner of OWNERS) {
        // A fresh endpoint per cell: an allowed delete must not hide the next cell's answer.
        const target = await endpoint(owner);
        for (const res of await remove(caller, target.id)) {
          cells++;
          const want = caller === 'noScope' ? 403 : sees(caller, owner) ? 204 : 404;
          if (res.statusCode !== want)
            failures.push(
              `delete ${owner}'s as ${caller}: expected ${want}, got ${res.statusCode}`,
            );
          if (want !== 204 && !isFrench(errorOf(res)))
            failures.push(`delete ${owner}'s as ${caller}: refusal not in French: ${res.body}`);
          if (res.body.includes(target.url))
            failures.push(`delete ${owner}'s as ${caller}: the URL was shown`);
          if (want === 404 && errorOf(res) !== MSG_API.webhookNotFound)
            failures.push(`delete ${owner}'s as ${caller}: not the 404 of an unknown webhook`);
        }
        const stillThere = (await list('admin'))[0]!.body.includes(target.url);
        if (stillThere !== (caller === 'noScope' || !sees(caller, owner)))
          failures.push(`delete ${owner}'s as ${caller}: endpoint ${stillThere ? 'kept' : 'gone'}`);
      }
    // The answer to another key's endpoint is the answer to an id that never existed.
    const unknown = (await remove('keyA', 2_000_000_000))[0]!;
    expect({ status: unknown.statusCode, error: errorOf(unknown) }).toEqual({
      status: 404,
      error: MSG_API.webhookNotFound,
    });
    console.log(`[security] webhook ownership matrix: ${cells} cells, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});
