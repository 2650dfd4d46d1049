import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../common/messages';
import { userPhotos, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, trpcError } from './matches-support';

// 10:00 in Paris on 10 June 2026 (summer time, UTC+2).
const NOW = '2026-06-10T08:00:00Z';
const MARKUP = `<script>alert("x")</script> & 'Club'`;
let t: TestContext;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let matchId: number;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  alice = await createUser(t.deps, {
    name: 'Alice Martin',
    phone: '+33611111111',
    email: 'alice@example.fr',
  });
  bob = await createUser(t.deps, {
    name: 'Bob Durand',
    phone: '+33622222222',
    level: 'Niveau 4',
    email: 'bob@example.fr',
  });
  carol = await createUser(t.deps, { name: 'Carol Petit', phone: '+33633333333' });
  placeId = (await createPlace(t, { name: MARKUP, city: 'Lyon' })).id;
  matchId = (
    await t.caller(alice).matches.create({
      place_id: placeId,
      date: '2026-06-20',
      time: '18:30',
      levels: ['Niveau 3', 'Niveau 4'],
      slots: 3,
    })
  ).id;
  await t.caller(bob).matches.join({ id: matchId });
});
afterAll(() => t.close());

describe('matches.byId and GET /api/matches/{id}', () => {
  it('shows players by first name and initial, phones to the creator and participants only', async () => {
    const asCreator = await t.caller(alice).matches.byId({ id: matchId });
    expect(asCreator).toMatchObject({
      id: matchId,
      place_name: MARKUP,
      city: 'Lyon',
      date: '2026-06-20',
      time: '18:30',
      levels: ['Niveau 3', 'Niveau 4'],
      missing_players: 2,
      is_creator: true,
      is_participant: false,
      is_finished: false,
      organiser: {
        user_id: alice.id,
        first_name: 'Alice',
        last_initial: 'M.',
        phone: '+33611111111',
      },
      participants: [
        {
          user_id: bob.id,
          first_name: 'Bob',
          last_initial: 'D.',
          level: 'Niveau 4',
          phone: '+33622222222',
          photo: null,
        },
      ],
    });
    const asParticipant = await t.caller(bob).matches.byId({ id: matchId });
    expect(asParticipant).toMatchObject({
      is_participant: true,
      organiser: { phone: '+33611111111' },
    });

    const asStranger = await t.caller(carol).matches.byId({ id: matchId });
    expect(asStranger.organiser.phone).toBeNull();
    expect(asStranger.participants.map((p) => p.phone)).toEqual([null]);
    expect(JSON.stringify(asStranger)).not.toMatch(/Martin|Durand|\+336|@example/);

    const viaRest = await restAs(t, carol, 'GET', `/matches/${matchId}`);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({
      organiser: { first_name: 'Alice', phone: null },
      participants: [{ phone: null }],
    });
    expect((await restAs(t, bob, 'GET', `/matches/${matchId}`)).body).toMatchObject({
      organiser: { phone: '+33611111111' },
    });
  });

  it("shows a player's photo to the other players of their match, not to outsiders", async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await t.db.db.insert(userPhotos).values({ userId: alice.id, mime: 'image/png', data: png });
    await t.db.db.update(users).set({ hasPhoto: true }).where(eq(users.id, alice.id));
    const asParticipant = await t.caller(bob).matches.byId({ id: matchId });
    expect(asParticipant.organiser.photo).toMatch(
      new RegExp(`^/api/users/${alice.id}/photo\\?v=\\d+$`),
    );
    const photo = (u: TestUser) =>
      t.app.inject({ method: 'GET', url: `/api/users/${alice.id}/photo`, headers: u.headers });
    expect((await photo(bob)).statusCode).toBe(200);
    expect((await t.caller(carol).matches.byId({ id: matchId })).organiser.photo).toBeNull();
    expect((await photo(carol)).statusCode).toBe(403);
  });

  it('answers a French 404 for an unknown id, 400 for a bad one, 401 without a session', async () => {
    expect(await trpcError(t.caller(carol).matches.byId({ id: 999999 }))).toEqual({
      code: 'NOT_FOUND',
      message: MSG.match.notFound,
    });
    expect(await restAs(t, carol, 'GET', '/matches/999999')).toMatchObject({
      status: 404,
      body: { error: MSG.match.notFound },
    });
    expect(await restAs(t, carol, 'GET', '/matches/99999999999')).toMatchObject({
      status: 400,
      body: { error: MSG.http.invalidId },
    });
    expect((await restAs(t, null, 'GET', `/matches/${matchId}`)).status).toBe(401);
  });
});

describe('GET /m/{id}, the share page', () => {
  const share = (id: number | string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/m/${id}`,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });

  it('shows the match to a visitor, escaped, with Open Graph and Twitter tags and no personal data', async () => {
    const res = await share(matchId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|script-src/);
    // Audits (Lighthouse's robots.txt check) fetch from the page: the page's own origin is allowed.
    expect(csp).toContain("connect-src 'self'");
    const html = res.body;
    const title = `2 places — Niveau 3, Niveau 4 — samedi 20 juin 18:30 — ${MARKUP}`;
    const esc = (s: string) =>
      s
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
    expect(html).toContain(`<meta property="og:title" content="${esc(title)}">`);
    expect(html).toContain(`<meta name="twitter:title" content="${esc(title)}">`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
    // PUBLIC_URL's default, as in mails (tests set none): http://HOST:PORT.
    expect(html).toContain(`<meta property="og:url" content="http://127.0.0.1:3000/m/${matchId}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<h1>${esc(MARKUP)}</h1>`);
    expect(html).not.toContain('<script');
    expect(html).toContain('Lyon');
    expect(html).toContain('samedi 20 juin 2026');
    expect(html).toContain(`href="/?next=%2Fmatches%2F${matchId}"`);
    expect(html).toContain('Se connecter pour rejoindre');
    for (const personal of ['Alice', 'Martin', 'Bob', 'Durand', '+336', '0611', '@example.fr'])
      expect(html).not.toContain(personal);
    const css = await t.app.inject({ method: 'GET', url: '/m/share.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('names its address and image from PUBLIC_URL, never from a forged Host header', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: `/m/${matchId}`,
      headers: { accept: 'text/html', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('evil.example');
    expect(forged.body).toContain(
      `<meta property="og:url" content="http://127.0.0.1:3000/m/${matchId}">`,
    );
    expect(forged.body).toContain(
      `<meta property="og:image" content="http://127.0.0.1:3000/m/${matchId}/og.png">`,
    );

    // A configured PUBLIC_URL (its trailing slash dropped) is the origin of both.
    const site = await createTestContext({
      now: NOW,
      env: { PUBLIC_URL: 'https://padel.example.org/' },
    });
    try {
      const id = (
        await site.caller(await createUser(site.deps)).matches.create({
          place_id: (await createPlace(site)).id,
          date: '2026-06-20',
          time: '18:30',
          levels: ['Niveau 3'],
          slots: 3,
        })
      ).id;
      const res = await site.app.inject({
        method: 'GET',
        url: `/m/${id}`,
        headers: { accept: 'text/html', host: 'evil.example' },
      });
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain(
        `<meta property="og:url" content="https://padel.example.org/m/${id}">`,
      );
      expect(res.body).toContain(
        `<meta property="og:image" content="https://padel.example.org/m/${id}/og.png">`,
      );
    } finally {
      await site.close();
    }
  });

  it('sends a logged-in player to the match page', async () => {
    const res = await share(matchId, `padel_session=${carol.token}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/matches/${matchId}`);
    // A dead session is a visitor.
    expect((await share(matchId, 'padel_session=nope')).statusCode).toBe(200);
  });

  it('answers an HTML 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '99999999999']) {
      const res = await share(id);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Match introuvable');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});

/** The VEVENTs of an .ics text, parsed by another library than the one that wrote it. */
const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');

describe('GET /api/matches/{id}/calendar.ics', () => {
  const download = (user: TestUser | null, id = matchId) =>
    t.app.inject({
      method: 'GET',
      url: `/api/matches/${id}/calendar.ics`,
      headers: user?.headers ?? {},
    });

  it('gives the creator and participants one parsable event; others 403, anonymous 401', async () => {
    const res = await download(bob);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toContain('.ics');
    const events = vevents(res.body);
    expect(events).toHaveLength(1);
    const ev = events[0]!;
    expect(ev.uid).toBe(`match-${matchId}@padel-match`);
    // 18:30 in Paris in June is 16:30 UTC; 90 minutes.
    expect(new Date(ev.start).toISOString()).toBe('2026-06-20T16:30:00.000Z');
    expect(new Date(ev.end!).toISOString()).toBe('2026-06-20T18:00:00.000Z');
    const location = typeof ev.location === 'string' ? ev.location : ev.location?.val;
    expect(location).toContain(MARKUP);
    expect(location).toContain('1 rue du Padel');
    expect(Number(ev.sequence)).toBe(0);
    expect(res.body).not.toMatch(/Martin|Durand|\+336/);
    // A way back to the match, and the same ORGANIZER as the mailed copies (a mailed CANCEL removes it).
    expect(res.body).toContain('METHOD:PUBLISH');
    expect(ev.url).toMatchObject({ val: `http://127.0.0.1:3000/matches/${matchId}` });
    expect(ev.description).toContain(
      MSG.notify.seeMatch(`http://127.0.0.1:3000/matches/${matchId}`),
    );
    expect(ev.organizer).toMatchObject({
      params: { CN: 'Padel Match' },
      val: 'mailto:no-reply@padel-match.local',
    });

    expect((await download(alice)).statusCode).toBe(200);
    expect(await restAs(t, carol, 'GET', `/matches/${matchId}/calendar.ics`)).toMatchObject({
      status: 403,
      body: { error: MSG.match.calendarForbidden },
    });
    expect((await download(null)).statusCode).toBe(401);
    expect((await download(alice, 999999)).statusCode).toBe(404);
  });

  it('keeps the UID and raises SEQUENCE after every edit, with the new time', async () => {
    const parse = async () => {
      const res = await download(alice);
      return vevents(res.body)[0]!;
    };
    const before = await parse();
    await t.caller(alice).matches.update({
      id: matchId,
      place_id: placeId,
      date: '2026-06-21',
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    const after = await parse();
    expect(after.uid).toBe(before.uid);
    expect(Number(after.sequence)).toBe(Number(before.sequence) + 1);
    expect(new Date(after.start).toISOString()).toBe('2026-06-21T17:00:00.000Z');
    await t.caller(alice).matches.update({
      id: matchId,
      place_id: placeId,
      date: '2026-06-21',
      time: '19:30',
      levels: ['Niveau 3'],
      slots: 3,
    });
    expect(Number((await parse()).sequence)).toBe(Number(before.sequence) + 2);
  });
});
