/**
 * The court and its cost (issue 42): « J'ai réservé le terrain » by any player of the match, the
 * chat line, the mark cleared when the match moves; each player's share and who paid, set by the
 * player or the organiser; strangers see none of it through any door.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_TEXT, COURT_TEXT } from '../../common/messages-court';
import { MSG } from '../../common/messages';
import type { TAccountExport } from '../../common/schemas/account';
import { matchCourts, matchPayments, outbox, places } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { followLog } from '../support/worker';
import { BURST_NOW, createPlace, trpcError } from './matches-support';

const DB = serverUrl() ? 'PostgreSQL' : 'PGlite';
const BOOKING = 'https://playtomic.io/club-nantes';
let t: TestContext;
let placeId: number;
let julie: TestUser;
let marc: TestUser;
let leo: TestUser;
let sarah: TestUser;
let stranger: TestUser;
let v2Key: string;

beforeAll(async () => {
  t = await createTestContext({ now: BURST_NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Nantes', city: 'Nantes' })).id;
  await t.db.db.update(places).set({ bookingUrl: BOOKING }).where(eq(places.id, placeId));
  julie = await createUser(t.deps, { name: 'Julie Martin' });
  marc = await createUser(t.deps, { name: 'Marc Zébulon' });
  leo = await createUser(t.deps, { name: 'Léo Petit' });
  sarah = await createUser(t.deps, { name: 'Sarah Blanc' });
  stranger = await createUser(t.deps, { name: 'Xavier Inconnu' });
  const admin = await createAdmin(t.deps);
  const issued = await restAs(t, admin, 'POST', '/admin/api-keys', {
    name: 'Site du club',
    scopes: ['matches:read'],
  });
  v2Key = String(issued.body.key);
}, 60_000);
afterAll(() => t.close());

let slot = 0;
/** A fresh half-hour tomorrow from 08:30 (the app's hours end at 21:30, which stays free). */
const nextTime = () => {
  slot++;
  return `${String(8 + Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;
};
/** Julie's match tomorrow (a time of its own), 40,01 € unless told, with Marc, Léo and Sarah in. */
async function fullMatch(o: { price?: number | null; visibility?: 'private' } = {}) {
  const m = await t.caller(julie).matches.create({
    place_id: placeId,
    date: '2026-06-11',
    time: nextTime(),
    levels: ['Niveau 3'],
    slots: 3,
    price_cents: o.price === undefined ? 4001 : o.price,
    ...(o.visibility ? { visibility: o.visibility } : {}),
  });
  const token = (await t.caller(julie).matches.byId({ id: m.id })).share_token;
  for (const p of [marc, leo, sarah])
    await t.caller(p).matches.join({ id: m.id, ...(token ? { token } : {}) });
  return m.id;
}
const chatLines = async (id: number) => {
  await followLog(t.deps);
  return (await t.caller(julie).chat.list({ id })).messages
    .filter((m) => m.kind === 'system')
    .map((m) => m.text);
};
const courtRows = (id: number) => t.db.db.$count(matchCourts, eq(matchCourts.matchId, id));

describe('the court mark', () => {
  it('any player marks it (tRPC), everyone in the match reads who, the chat says so; a player undoes it (REST)', async () => {
    const id = await fullMatch();
    const answer = await t.caller(marc).matches.setCourt({ id, booked: true });
    expect(answer.message).toBe(COURT_TEXT.booked);
    expect(answer.match.court).toMatchObject({
      booked: true,
      booked_by: marc.id,
      booked_by_name: 'Marc Z.',
    });
    for (const p of [julie, leo]) {
      const page = await restAs(t, p, 'GET', `/matches/${id}`);
      expect(page.body).toMatchObject({
        booking_url: BOOKING,
        court: { booked: true, booked_by: marc.id, booked_by_name: 'Marc Z.' },
      });
    }
    expect(await chatLines(id)).toContain(COURT_TEXT.chat.booked('Marc'));

    // Marking it again changes nothing: one line in the chat.
    await t.caller(julie).matches.setCourt({ id, booked: true });
    expect((await restAs(t, leo, 'GET', `/matches/${id}`)).body.court).toMatchObject({
      booked_by: marc.id,
    });
    const undone = await restAs(t, sarah, 'PUT', `/matches/${id}/court`, { booked: false });
    expect(undone.body).toMatchObject({ message: COURT_TEXT.unbooked, match: { court: null } });
    const lines = await chatLines(id);
    expect(lines.filter((l) => l === COURT_TEXT.chat.booked('Marc'))).toHaveLength(1);
    expect(lines).toContain(COURT_TEXT.chat.unbooked('Sarah'));
    expect(await courtRows(id)).toBe(0);
  });

  it('a stranger may not set it (403, in French, on both doors) and sees nothing of it', async () => {
    const id = await fullMatch();
    await t.caller(leo).matches.setCourt({ id, booked: true });
    await t.caller(leo).matches.setPayment({ id, userId: leo.id, paid: true });
    expect(await trpcError(t.caller(stranger).matches.setCourt({ id, booked: false }))).toEqual({
      code: 'FORBIDDEN',
      message: COURT_TEXT.playersOnly,
    });
    expect(
      await restAs(t, stranger, 'PUT', `/matches/${id}/court`, { booked: false }),
    ).toMatchObject({ status: 403, body: { error: COURT_TEXT.playersOnly } });
    expect(await restAs(t, null, 'PUT', `/matches/${id}/court`, { booked: true })).toMatchObject({
      status: 401,
    });
    expect(await courtRows(id)).toBe(1);

    // The page: the price and the booking link help decide to join; the mark and who paid do not show.
    const page = await restAs(t, stranger, 'GET', `/matches/${id}`);
    expect(page.body).toMatchObject({
      price_cents: 4001,
      booking_url: BOOKING,
      court: null,
      payments: [],
    });
    expect(page.raw.body).not.toMatch(/booked_by|share_cents|"paid"/);
    const viaTrpc = await t.caller(stranger).matches.byId({ id });
    expect(viaTrpc).toMatchObject({ court: null, payments: [] });

    // The lists and API v2 carry nothing of the court or its cost.
    const legacy = await restAs(t, stranger, 'GET', '/matches?city=Nantes');
    const v2 = await t.app.inject({
      method: 'GET',
      url: '/api/v2/matches?limit=100',
      headers: { authorization: `Bearer ${v2Key}` },
    });
    const v2One = await t.app.inject({
      method: 'GET',
      url: `/api/v2/matches/${id}`,
      headers: { authorization: `Bearer ${v2Key}` },
    });
    const cards = await t.caller(stranger).matches.list({ city: 'Nantes', limit: 100 });
    expect(v2.statusCode).toBe(200);
    expect(v2One.statusCode).toBe(200);
    for (const body of [legacy.raw.body, v2.body, v2One.body, JSON.stringify(cards)]) {
      expect(body).toContain(`"id":${id}`);
      expect(body).not.toMatch(/court|payment|price|booked|paid/);
    }
  });

  it('the share page and its preview image are the same before and after the court and payments are set', async () => {
    const id = await fullMatch();
    const share = () => t.app.inject({ method: 'GET', url: `/m/${id}` });
    const image = () => t.app.inject({ method: 'GET', url: `/m/${id}/og.png` });
    const [pageBefore, imageBefore] = [await share(), await image()];
    expect(pageBefore.statusCode).toBe(200);
    expect(imageBefore.statusCode).toBe(200);
    await t.caller(marc).matches.setCourt({ id, booked: true });
    await t.caller(julie).matches.setPayment({ id, userId: leo.id, paid: true });
    const [pageAfter, imageAfter] = [await share(), await image()];
    expect(pageAfter.body).toBe(pageBefore.body);
    expect(pageAfter.body).not.toMatch(/Marc|réservé|payé|40,01/);
    expect(imageAfter.headers.etag).toBe(imageBefore.headers.etag);
    expect(imageAfter.rawPayload.equals(imageBefore.rawPayload)).toBe(true);
  });

  it('a private match’s stranger gets its 404, as for its page', async () => {
    const id = await fullMatch({ visibility: 'private' });
    expect(await trpcError(t.caller(stranger).matches.setCourt({ id, booked: true }))).toEqual({
      code: 'NOT_FOUND',
      message: MSG.match.notFound,
    });
    expect(
      await restAs(t, stranger, 'PUT', `/matches/${id}/payments/${stranger.id}`, { paid: true }),
    ).toMatchObject({ status: 404, body: { error: MSG.match.notFound } });
  });

  it('moving the match (time) clears the mark, says so in the chat and in the players’ notice; a new level does not', async () => {
    const id = await fullMatch();
    await t.caller(leo).matches.setCourt({ id, booked: true });
    const { time } = await t.caller(julie).matches.byId({ id });
    const base = { id, place_id: placeId, date: '2026-06-11', time, slots: 3 };
    await t.caller(julie).matches.update({ ...base, levels: ['Niveau 3', 'Niveau 4'] });
    expect((await t.caller(leo).matches.byId({ id })).court).not.toBeNull();

    const moved = await restAs(t, julie, 'PUT', `/matches/${id}`, {
      ...base,
      id: undefined,
      time: '21:30',
      levels: ['Niveau 3'],
      user_id: julie.id,
    });
    expect(moved.body).toMatchObject({ success: true });
    expect((await t.caller(leo).matches.byId({ id })).court).toBeNull();
    expect(await courtRows(id)).toBe(0);
    expect(await chatLines(id)).toContain(COURT_TEXT.chat.cleared);
    // The players' « Match modifié » notice says the court is to book again (nothing else moved
    // a match in this file).
    const notices = await t.db.db
      .select({ userId: outbox.userId, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.event, 'changed'), eq(outbox.channel, 'email')));
    for (const p of [marc, leo, sarah])
      expect(notices.filter((n) => n.userId === p.id).map((n) => n.body)).toEqual([
        expect.stringContaining(COURT_TEXT.notify.cleared),
      ]);
  });

  it(`two players marking at once (${DB}): one mark, one chat line`, async () => {
    const id = await fullMatch();
    const answers = await Promise.all([
      t.caller(marc).matches.setCourt({ id, booked: true }),
      restAs(t, sarah, 'PUT', `/matches/${id}/court`, { booked: true }),
    ]);
    expect(answers[1].status).toBe(200);
    expect(await courtRows(id)).toBe(1);
    const booker = (await t.caller(julie).matches.byId({ id })).court!.booked_by;
    expect([marc.id, sarah.id]).toContain(booker);
    const lines = (await chatLines(id)).filter((l) => l.endsWith('a réservé le terrain'));
    expect(lines).toEqual([COURT_TEXT.chat.booked(booker === marc.id ? 'Marc' : 'Sarah')]);
  });
});

describe('who paid', () => {
  it('40,01 € between four: the organiser’s share takes the odd cent; the match’s players read who paid', async () => {
    const id = await fullMatch();
    const page = await t.caller(leo).matches.byId({ id });
    expect(page.price_cents).toBe(4001);
    expect(page.payments).toEqual([
      { user_id: julie.id, share_cents: 1001, paid: false },
      ...[marc, leo, sarah].map((p) => ({ user_id: p.id, share_cents: 1000, paid: false })),
    ]);
    const mine = await t.caller(leo).matches.setPayment({ id, userId: leo.id, paid: true });
    expect(mine.message).toBe(COST_TEXT.savedPaid);
    // The organiser ticks Sarah's share (paid cash), over REST.
    const ticked = await restAs(t, julie, 'PUT', `/matches/${id}/payments/${sarah.id}`, {
      paid: true,
    });
    expect(ticked.status).toBe(200);
    const paid = (await restAs(t, marc, 'GET', `/matches/${id}`)).body.payments as {
      user_id: number;
      paid: boolean;
    }[];
    expect(paid.filter((p) => p.paid).map((p) => p.user_id)).toEqual([leo.id, sarah.id]);
    const undone = await restAs(t, leo, 'PUT', `/matches/${id}/payments/${leo.id}`, {
      paid: false,
    });
    expect(undone.body).toMatchObject({ message: COST_TEXT.savedUnpaid });
    expect(await t.db.db.$count(matchPayments, eq(matchPayments.matchId, id))).toBe(1);
  });

  it('only the player or the organiser sets a share; a stranger’s 403, not a player 400, no price 400', async () => {
    const id = await fullMatch();
    expect(
      await trpcError(t.caller(marc).matches.setPayment({ id, userId: leo.id, paid: true })),
    ).toEqual({ code: 'FORBIDDEN', message: COST_TEXT.selfOrOrganiser });
    expect(
      await restAs(t, marc, 'PUT', `/matches/${id}/payments/${leo.id}`, { paid: true }),
    ).toMatchObject({ status: 403, body: { error: COST_TEXT.selfOrOrganiser } });
    expect(
      await trpcError(
        t.caller(stranger).matches.setPayment({ id, userId: stranger.id, paid: true }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: COST_TEXT.playersOnly });
    expect(
      await restAs(t, stranger, 'PUT', `/matches/${id}/payments/${leo.id}`, { paid: true }),
    ).toMatchObject({ status: 403, body: { error: COST_TEXT.playersOnly } });
    expect(
      await restAs(t, julie, 'PUT', `/matches/${id}/payments/${stranger.id}`, { paid: true }),
    ).toMatchObject({ status: 400, body: { error: COST_TEXT.notAPlayer } });
    expect(await t.db.db.$count(matchPayments, eq(matchPayments.matchId, id))).toBe(0);

    const free = await fullMatch({ price: null });
    expect((await t.caller(leo).matches.byId({ id: free })).payments).toEqual([]);
    expect(
      await trpcError(t.caller(leo).matches.setPayment({ id: free, userId: leo.id, paid: true })),
    ).toEqual({ code: 'BAD_REQUEST', message: COST_TEXT.noPriceYet });
    expect(
      await restAs(t, julie, 'PUT', `/matches/${free}/payments/${leo.id}`, { paid: true }),
    ).toMatchObject({ status: 400, body: { error: COST_TEXT.noPriceYet } });
  });

  it('the export holds one’s court marks and paid shares; deleting the account removes the shares', async () => {
    const nina = await createUser(t.deps, { name: 'Nina Départ' });
    const m = await t.caller(julie).matches.create({
      place_id: placeId,
      date: '2026-06-11',
      time: nextTime(),
      levels: ['Niveau 3'],
      slots: 3,
      price_cents: 3000,
    });
    await t.caller(nina).matches.join({ id: m.id });
    await t.caller(nina).matches.setCourt({ id: m.id, booked: true });
    await t.caller(nina).matches.setPayment({ id: m.id, userId: nina.id, paid: true });
    const other = await fullMatch();
    await t.caller(julie).matches.setPayment({ id: other, userId: marc.id, paid: true });

    const exported = (await restAs(t, nina, 'GET', `/users/${nina.id}/export`))
      .body as unknown as TAccountExport;
    expect(exported.court_and_cost.courts_booked).toEqual([
      { match_id: m.id, booked_at: expect.any(String) as string },
    ]);
    expect(exported.court_and_cost.payments).toEqual([
      { match_id: m.id, marked_by_me: true, paid_at: expect.any(String) as string },
    ]);
    const marcs = await t.caller(marc).users.exportData({ id: marc.id });
    expect(marcs.court_and_cost.payments).toContainEqual({
      match_id: other,
      marked_by_me: false,
      paid_at: expect.any(String) as string,
    });

    expect(await restAs(t, nina, 'DELETE', `/users/${nina.id}`, { pin: nina.pin })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await t.db.db.$count(matchPayments, eq(matchPayments.userId, nina.id))).toBe(0);
    expect(await t.db.db.$count(matchCourts, eq(matchCourts.bookedBy, nina.id))).toBe(0);
    // The court stays booked, by a player no longer named.
    expect((await t.caller(julie).matches.byId({ id: m.id })).court).toMatchObject({
      booked: true,
      booked_by: null,
      booked_by_name: MSG.chat.formerPlayer,
    });
  });
});
