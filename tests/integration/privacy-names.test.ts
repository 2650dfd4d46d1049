import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { outbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { followLog } from '../support/worker';
import { createPlace } from './matches-support';

// Outside a co-player's view, a person is "Prénom N.": the organiser of a listed match, the player
// named in a notice, the share page.
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let lea: TestUser;
let stranger: TestUser;
let dave: TestUser;
let matchId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  lea = await createUser(t.deps, { name: 'Léa Dupont-Morel' });
  stranger = await createUser(t.deps, { name: 'Sam Inconnu' });
  dave = await createUser(t.deps, { name: 'Dave Effacement' });
  const placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
  matchId = (
    await t.caller(lea).matches.create({
      place_id: placeId,
      date: '2026-06-20',
      time: '18:30',
      levels: ['Niveau 3'],
      slots: 3,
    })
  ).id;
});
afterAll(() => t.close());

describe('the organiser of a listed match is "Prénom N."', () => {
  it('GET /api/matches, logged out and as a stranger', async () => {
    for (const who of [null, stranger]) {
      const res = await restAs(t, who, 'GET', '/matches');
      expect(res.status).toBe(200);
      const list = res.body as unknown as { id: number; creator_name: string }[];
      expect(list.find((m) => m.id === matchId)?.creator_name).toBe('Léa D.');
      expect(res.raw.body).not.toContain('Dupont');
    }
  });

  it('matches.list and matches.mine over tRPC, logged out and as a stranger', async () => {
    for (const who of [null, stranger]) {
      const page = await t.caller(who).matches.list({});
      expect(page.items.find((m) => m.id === matchId)?.creator_name).toBe('Léa D.');
      expect(JSON.stringify(page)).not.toContain('Dupont');
    }
    await t.caller(dave).matches.join({ id: matchId });
    const mine = await t.caller(dave).matches.mine();
    expect(mine.matches.find((m) => m.id === matchId)?.creator_name).toBe('Léa D.');
    await t.caller(dave).matches.leave({ id: matchId });
  });

  it('a join or leave notice names the player as "Prénom N."', async () => {
    await t.caller(dave).matches.join({ id: matchId });
    await t.caller(dave).matches.leave({ id: matchId });
    await followLog(t.deps);
    const rows = await t.db.db
      .select()
      .from(outbox)
      .where(eq(outbox.matchId, matchId))
      .orderBy(asc(outbox.id));
    const notices = await t.db.db
      .select({ subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(eq(outbox.userId, lea.id));
    expect(rows.every((r) => !JSON.stringify(r).includes('Effacement'))).toBe(true);
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices) {
      expect(`${n.subject} ${n.body}`).not.toContain('Effacement');
      expect(n.subject).toMatch(/^Dave E\. a (rejoint|quitté) votre match$/);
    }
    expect(notices.map((n) => n.subject)).toContain(MSG.notify.leftSubject('Dave E.'));
  });

  it('the share page names nobody', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/m/${matchId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/Léa|Dupont|Dave/);
  });
});
