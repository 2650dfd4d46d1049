import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { createLiveBus } from '../../server/lib/live-bus';
import { announceMatchChange } from '../../server/services/events/announce';
import { liveHubOf } from '../../server/services/live/hub';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { openSse, type SseStream, serveStreams } from '../support/sse';
import { createPlace } from './matches-support';

const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PING_MS = 300;
const CAP = 3;

let t: TestContext;
let base: string;
let served: Awaited<ReturnType<typeof serveStreams>>;
let owner: TestUser;
let players: TestUser[];
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({
    env: { LIVE_PING_MS: String(PING_MS), LIVE_MAX_PER_USER: String(CAP) },
  });
  owner = await createUser(t.deps, { name: 'Organisatrice Live' });
  players = [];
  for (let i = 0; i < 6; i++) players.push(await createUser(t.deps, { name: `Joueur Live${i}` }));
  placeId = (await createPlace(t)).id;
  served = await serveStreams(t.app);
  base = served.base;
}, 60_000);
afterAll(async () => {
  served.release();
  await t.close();
});

const p = (i: number) => players[i]!;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const newMatch = (slots = 3) =>
  t.caller(owner).matches.create({
    place_id: placeId,
    date: tomorrow(),
    time: '18:00',
    levels: ['Niveau 3'],
    slots,
  });
async function events(id: number, user: TestUser | null, headers: Record<string, string> = {}) {
  const s = await openSse(`${base}/api/matches/${id}/events`, {
    ...(user ? user.headers : {}),
    ...headers,
  });
  served.track(s);
  return s;
}
/** Reads events until one's match satisfies `ok` (changes may be coalesced into fewer events). */
async function until(s: SseStream, ok: (m: Record<string, unknown>) => boolean) {
  for (;;) {
    const e = await s.next();
    if (e.event === 'match' && ok(JSON.parse(e.data) as Record<string, unknown>)) return e;
  }
}
/**
 * Opens a stream that sends nothing at once and waits until the server follows it (its lease is
 * open), so a change made next is one it must carry: the condition, not a pause. The streams the
 * test closed before are released first (the server notices a closed connection a moment later).
 */
async function following<T>(open: () => Promise<T>, streams = 1): Promise<T> {
  const hub = liveHubOf(t.deps);
  await vi.waitFor(() => expect(hub.size).toBe(0), { timeout: 5_000 });
  const opened = await open();
  await vi.waitFor(() => expect(hub.size).toBe(streams), { timeout: 5_000 });
  return opened;
}
const restMatch = async (id: number, user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: `/api/matches/${id}`, headers: user.headers })).json<
    Record<string, unknown>
  >();

describe(`live match events over SSE (${DB})`, () => {
  it('sends the match exactly as GET /api/matches/{id} answers it, at once, as text/event-stream', async () => {
    const m = await newMatch();
    const s = await events(m.id, p(0));
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await s.next();
    expect(first.event).toBe('match');
    expect(first.id).toMatch(/^\d+$/);
    expect(JSON.parse(first.data)).toEqual(await restMatch(m.id, p(0)));
    s.close();
  });

  it('sends the new state after a join, with no phone numbers for a stranger', async () => {
    const m = await newMatch();
    const stranger = await events(m.id, p(1));
    const organiser = await events(m.id, owner);
    const before = await stranger.next();
    await organiser.next();
    await t.caller(p(0)).matches.join({ id: m.id });
    const after = await stranger.next();
    expect(BigInt(after.id!)).toBeGreaterThan(BigInt(before.id!));
    const seen = JSON.parse(after.data) as {
      missing_players: number;
      participants: { user_id: number; phone: string | null; first_name?: string }[];
      organiser: { phone: string | null };
    };
    expect(seen.missing_players).toBe(2);
    expect(seen.participants.map((x) => x.user_id)).toEqual([p(0).id]);
    expect(seen.participants[0]!.phone).toBeNull();
    expect(seen.organiser.phone).toBeNull();
    expect(JSON.stringify(seen)).not.toContain(p(0).phone);
    expect(seen).toEqual(await restMatch(m.id, p(1)));
    // The organiser is a member: they see the player's phone.
    const mine = JSON.parse((await organiser.next()).data) as typeof seen;
    expect(mine.participants[0]!.phone).toBe(p(0).phone);
    await t.caller(p(0)).matches.leave({ id: m.id });
    expect(JSON.parse((await stranger.next()).data)).toMatchObject({ missing_players: 3 });
    stranger.close();
    organiser.close();
  });

  it('sends nothing for a refused change (rolled back), and the waiting list moves the version', async () => {
    const m = await newMatch(1);
    await t.caller(p(0)).matches.join({ id: m.id });
    const s = await events(m.id, p(2));
    const first = await s.next();
    await expect(t.caller(p(1)).matches.join({ id: m.id })).rejects.toThrow(MSG.match.full);
    await t.caller(p(2)).matches.joinWaitlist({ id: m.id });
    // The refused join sent nothing: the next event is already the committed waiting-list change.
    const queued = await s.next();
    expect(JSON.parse(queued.data)).toMatchObject({ waitlist_position: 1 });
    expect(BigInt(queued.id!)).toBeGreaterThan(BigInt(first.id!));
    // The place comes back and goes to the waiting player.
    await t.caller(p(0)).matches.leave({ id: m.id });
    const promoted = await until(s, (x) => x.is_participant === true);
    expect(JSON.parse(promoted.data)).toMatchObject({
      waitlist_position: null,
      missing_players: 0,
    });
    s.close();
  });

  it('sends the new state when the organiser removes a player (issue 25), with nobody waiting', async () => {
    const m = await newMatch(2);
    await t.caller(p(0)).matches.join({ id: m.id });
    const s = await events(m.id, p(1));
    expect(JSON.parse((await s.next()).data)).toMatchObject({ missing_players: 1 });
    await t.caller(owner).matches.removeParticipant({ id: m.id, userId: p(0).id });
    // The join's NOTIFY may reach the instance after the stream opened: it repeats the state above.
    type Seen = { missing_players: number; participants: unknown[] };
    let after = JSON.parse((await s.next()).data) as Seen;
    if (after.missing_players === 1) after = JSON.parse((await s.next()).data) as Seen;
    expect(after).toMatchObject({ missing_players: 2, participants: [] });
    expect(after).toEqual(await restMatch(m.id, p(1)));
    s.close();
  });

  it('writes a ": ping" comment every LIVE_PING_MS', async () => {
    const m = await newMatch();
    const s = await events(m.id, p(3));
    await s.next();
    const pings = () => s.comments.filter((c) => c.text === 'ping');
    await vi.waitFor(() => expect(pings().length).toBeGreaterThanOrEqual(2), {
      timeout: PING_MS * 10,
    });
    // Paced by the interval, not sent in a burst.
    expect(pings()[1]!.at - pings()[0]!.at).toBeGreaterThan(PING_MS / 2);
    s.close();
  });

  it('honours Last-Event-ID: nothing at once when current, the current state at once when older', async () => {
    const m = await newMatch();
    const s = await events(m.id, p(3));
    const first = await s.next();
    s.close();
    const current = await following(() => events(m.id, p(3), { 'last-event-id': first.id! }));
    await t.caller(p(4)).matches.join({ id: m.id });
    // Nothing was sent at once: the first event is the join (the unchanged state had 3 missing).
    const changed = await current.next();
    expect(JSON.parse(changed.data)).toMatchObject({ missing_players: 2 });
    current.close();
    const older = await events(m.id, p(3), { 'last-event-id': first.id! });
    const caughtUp = await older.next(1000);
    expect(caughtUp.id).toBe(changed.id);
    expect(JSON.parse(caughtUp.data)).toMatchObject({ missing_players: 2 });
    older.close();
  });

  it('answers 404 in French for an unknown match, 401 without a session', async () => {
    const unknown = await events(2_000_000_000, p(0));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: MSG.match.notFound });
    const m = await newMatch();
    const anonymous = await events(m.id, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: MSG.auth.required });
  });

  it('ends with "deleted" when the match is deleted', async () => {
    const m = await newMatch();
    const s = await events(m.id, p(0));
    await s.next();
    await t.caller(owner).matches.delete({ id: m.id });
    const e = await s.next();
    expect(e.event).toBe('deleted');
    expect(JSON.parse(e.data)).toEqual({ id: m.id });
    await s.ended;
  });

  it(`caps the streams of one account (${CAP}): the next gets a French 429, a closed one frees its slot`, async () => {
    const m = await newMatch();
    const u = p(5);
    const open: SseStream[] = [];
    for (let i = 0; i < CAP; i++) {
      const s = await events(m.id, u);
      await s.next();
      open.push(s);
    }
    const refused = await events(m.id, u);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MSG.live.tooMany(CAP) });
    // Another account is not affected.
    const other = await events(m.id, p(4));
    expect(other.status).toBe(200);
    other.close();
    open.pop()!.close();
    // The closed stream's slot comes back once the server has seen the disconnect.
    const again = await vi.waitFor(async () => {
      const s = await events(m.id, u);
      expect(s.status).toBe(200);
      return s;
    });
    for (const s of [...open, again]) s.close();
  });

  it('closes the streams of a session when it is revoked (logout), not those of other sessions', async () => {
    const m = await newMatch();
    const u = await createUser(t.deps, { name: 'Partante Live' });
    const s = await events(m.id, u);
    await s.next();
    const other = await events(m.id, p(0));
    await other.next();
    await t.caller(u).auth.logout({});
    const ended = await s.next();
    expect(ended.event).toBe('ended');
    expect(JSON.parse(ended.data)).toEqual({ reason: 'revoked' });
    await s.ended;
    // Another player's stream of the same match lives on: it carries the next change.
    await t.caller(p(1)).matches.join({ id: m.id });
    expect(JSON.parse((await other.next()).data)).toMatchObject({ missing_players: 2 });
    other.close();
    const after = await events(m.id, u);
    expect(after.status).toBe(401);
  });
});

describe(`an admin deleting an account (${DB})`, () => {
  it("ends the account's streams, frees its places live, and deletes its matches live", async () => {
    const admin = await createUser(t.deps, { name: 'Admin Live', isAdmin: true });
    const leaving = await createUser(t.deps, { name: 'Supprimé Live' });
    const joinedMatch = await newMatch();
    await t.caller(leaving).matches.join({ id: joinedMatch.id });
    const ownMatch = await t.caller(leaving).matches.create({
      place_id: placeId,
      date: tomorrow(),
      time: '20:00',
      levels: ['Niveau 3'],
      slots: 2,
    });
    const own = await events(joinedMatch.id, leaving);
    await own.next();
    const watcherOfJoined = await events(joinedMatch.id, p(0));
    expect(JSON.parse((await watcherOfJoined.next()).data)).toMatchObject({ missing_players: 2 });
    const watcherOfOwn = await events(ownMatch.id, p(1));
    await watcherOfOwn.next();

    await t.caller(admin).admin.users.delete({ id: leaving.id });

    // The freed place may reach it first; then the stream ends.
    let e = await own.next();
    while (e.event === 'match') e = await own.next();
    expect(e).toMatchObject({ event: 'ended', data: JSON.stringify({ reason: 'revoked' }) });
    await own.ended;
    await until(watcherOfJoined, (m) => m.missing_players === 3);
    expect((await watcherOfOwn.next()).event).toBe('deleted');
    for (const s of [own, watcherOfJoined, watcherOfOwn]) s.close();
  });
});

describe(`live tRPC subscriptions over SSE (${DB})`, () => {
  const subscribe = (path: string, input: unknown, user: TestUser) =>
    openSse(
      `${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
      user.headers,
    ).then(served.track);
  /** The next data event (tRPC's own `connected` and pings are skipped). */
  const data = async (s: SseStream) => {
    for (;;) {
      const e = await s.next();
      if (e.event === 'message') return e;
      if (e.event === 'serialized-error') return e;
    }
  };

  it('matches.onChange yields the match as matches.byId answers it, at once and after a join', async () => {
    const m = await newMatch();
    const s = await subscribe('matches.onChange', { id: m.id }, p(1));
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await data(s);
    expect(JSON.parse(first.data)).toEqual(await t.caller(p(1)).matches.byId({ id: m.id }));
    await t.caller(p(0)).matches.join({ id: m.id });
    const after = await data(s);
    expect(BigInt(after.id!)).toBeGreaterThan(BigInt(first.id!));
    const seen = JSON.parse(after.data) as { participants: { phone: string | null }[] };
    expect(seen).toEqual(await t.caller(p(1)).matches.byId({ id: m.id }));
    expect(seen.participants[0]!.phone).toBeNull();
    s.close();
  });

  it('matches.onListChange yields the changed cards of the list', async () => {
    const [m1, m2] = [await newMatch(), await newMatch()];
    const s = await following(() =>
      subscribe('matches.onListChange', { ids: [m1.id, m2.id] }, p(2)),
    );
    expect((await s.next()).event).toBe('connected');
    // Nothing at once (the list has just been read): the first event after `connected` is the join.
    await t.caller(p(3)).matches.join({ id: m2.id });
    const e = await data(s);
    const page = await t.caller(p(2)).matches.list({});
    expect(JSON.parse(e.data)).toEqual({
      cards: [page.items.find((c) => c.id === m2.id)],
      removed: [],
    });
    s.close();
  });

  it('matches.onListChange: each viewer’s card carries their own request to join, as the list does', async () => {
    const m = await t.caller(owner).matches.create({
      place_id: placeId,
      date: tomorrow(),
      time: '18:00',
      levels: ['Niveau 7'],
      slots: 3,
    });
    const [asker, other] = await following(
      () =>
        Promise.all([
          subscribe('matches.onListChange', { ids: [m.id] }, p(4)),
          subscribe('matches.onListChange', { ids: [m.id] }, p(5)),
        ]),
      2,
    );
    for (const s of [asker, other]) expect((await s.next()).event).toBe('connected');
    await t.caller(p(4)).matches.request({ id: m.id });
    const seen = async (s: SseStream, who: TestUser) => {
      const sent = JSON.parse((await data(s)).data) as { cards: unknown[] };
      const listed = (await t.caller(who).matches.list({ limit: 100 })).items.find(
        (c) => c.id === m.id,
      );
      expect(sent).toEqual({ cards: [listed], removed: [] });
      return listed;
    };
    expect(await seen(asker, p(4))).toMatchObject({ open_levels: false, my_request: 'pending' });
    expect(await seen(other, p(5))).toMatchObject({ my_request: null });
    asker.close();
    other.close();
  });

  it('refuses an unknown match (NOT_FOUND) in French', async () => {
    const s = await subscribe('matches.onChange', { id: 2_000_000_000 }, p(1));
    const e = await data(s);
    expect(e.event).toBe('serialized-error');
    expect(JSON.parse(e.data)).toMatchObject({
      message: MSG.match.notFound,
      data: { code: 'NOT_FOUND' },
    });
    s.close();
  });
});

describe(`live bus (${DB})`, () => {
  it('delivers a change committed in a transaction, and nothing for a rolled-back one', async () => {
    const m = await newMatch();
    const marker = await newMatch();
    const bus = createLiveBus({ db: t.db.db, logger: t.deps.logger, heartbeatMs: 0 });
    await bus.start();
    // NOTIFYs arrive in commit order: once the marker's change is heard, every change committed
    // before it has been heard too. (PostgreSQL starts a new listener's queue position at the
    // slowest listener of the database, so it may first hand over NOTIFYs committed before LISTEN.)
    const markerHeard = () =>
      new Promise<void>((resolve) => {
        const offMarker = bus.onMatch(marker.id, () => (offMarker(), resolve()));
        void announceMatchChange(t.db.db, marker.id, 'changed');
      });
    await markerHeard();
    const heard: number[] = [];
    const off = bus.onMatch(m.id, () => heard.push(performance.now()));
    await t.db.db
      .transaction(async (tx) => {
        await announceMatchChange(tx, m.id, 'changed');
        throw new Error('rollback');
      })
      .catch(() => {});
    await markerHeard();
    expect(heard).toHaveLength(0);
    let committing = 0;
    await t.db.db.transaction(async (tx) => {
      await announceMatchChange(tx, m.id, 'changed');
      committing = performance.now();
    });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    // Heard only once the transaction was done, not when its NOTIFY was queued.
    expect(heard[0]).toBeGreaterThan(committing);
    await markerHeard();
    expect(heard).toHaveLength(1);
    off();
    await bus.close();
  });
});

describe(`shutdown with open streams (${DB})`, () => {
  it('ends them so close() finishes at once', async () => {
    const other = await createTestContext();
    const u = await createUser(other.deps);
    const place = await createPlace(other);
    const m = await other.caller(u).matches.create({
      place_id: place.id,
      date: tomorrow(),
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openSse(`${url}/api/matches/${m.id}/events`, u.headers);
    await s.next();
    const started = performance.now();
    await other.app.drain.close();
    expect(performance.now() - started).toBeLessThan(2000);
    const e = await s.next();
    expect(e).toMatchObject({ event: 'ended', data: JSON.stringify({ reason: 'closing' }) });
    await s.ended;
    await other.db.close();
  });
});
