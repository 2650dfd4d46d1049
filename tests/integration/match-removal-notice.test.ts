import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { REASON_MAX } from '../../common/schemas/matches';
import { matchRemovals, outbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { followLog } from '../support/worker';
import { createPlace, trpcError } from './matches-support';

const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let placeId: number;
let owner: TestUser;
const players: TestUser[] = [];
const p = (i: number) => players[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
  owner = await createUser(t.deps, { name: 'Organisatrice Martin' });
  for (let i = 0; i < 8; i++) players.push(await createUser(t.deps, { name: `Joueur${i} Dupont` }));
}, 120_000);
afterAll(() => t.close());

async function match(by: TestUser[]) {
  const m = await t.caller(owner).matches.create({
    place_id: placeId,
    date: '2026-06-20',
    time: '18:00',
    levels: ['Niveau 3'],
    slots: 3,
  });
  for (const u of by) await t.caller(u).matches.join({ id: m.id });
  return m;
}
const pageOf = (u: TestUser, id: number) => t.caller(u).matches.byId({ id });

describe('the removed player is told on the match page', () => {
  it('reads « retiré par l’organisateur » with the reason, on both doors; nobody else reads it', async () => {
    const [ana, ben, stranger] = [p(0), p(1), p(2)];
    const m = await match([ana, ben]);
    expect((await pageOf(ana, m.id)).my_removal).toBeNull();

    await t.caller(owner).matches.removeParticipant({
      id: m.id,
      userId: ana.id,
      reason: '  Terrain indisponible  ',
    });

    const page = await pageOf(ana, m.id);
    expect(page.is_participant).toBe(false);
    expect(page.my_removal).toEqual({
      reason: 'Terrain indisponible',
      removed_at: NOW.replace('Z', '.000Z'),
    });
    const viaRest = await restAs(t, ana, 'GET', `/matches/${m.id}`);
    expect(viaRest.body).toMatchObject({
      my_removal: { reason: 'Terrain indisponible' },
    });
    // The notice went the usual way (the outbox), reason included.
    await followLog(t.deps);
    const notices = await t.db.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(eq(outbox.userId, ana.id));
    expect(notices.some((n) => n.body?.includes('Motif : Terrain indisponible'))).toBe(true);

    // It is the player's personal data: « Télécharger mes données » holds it.
    expect((await t.caller(ana).users.exportData({ id: ana.id })).match_removals).toEqual([
      { match_id: m.id, reason: 'Terrain indisponible', removed_at: expect.any(String) as unknown },
    ]);

    // A stranger, a co-player and the organiser see no one's removal.
    for (const who of [stranger, ben, owner])
      expect((await pageOf(who, m.id)).my_removal).toBeNull();
    expect((await restAs(t, stranger, 'GET', `/matches/${m.id}`)).body).toMatchObject({
      my_removal: null,
    });
  });

  it('may join again (the notice goes while back in); a second removal without reason says so', async () => {
    const [ana] = [p(3)];
    const m = await match([ana]);
    await t
      .caller(owner)
      .matches.removeParticipant({ id: m.id, userId: ana.id, reason: 'Complet' });
    await t.caller(ana).matches.join({ id: m.id });
    expect((await pageOf(ana, m.id)).my_removal).toBeNull();

    await t.caller(owner).matches.removeParticipant({ id: m.id, userId: ana.id });
    expect((await pageOf(ana, m.id)).my_removal).toMatchObject({ reason: null });
  });

  it('a bad reason is refused in French and nothing is recorded', async () => {
    const ana = p(4);
    const m = await match([ana]);
    const invalid = MSG.match.reasonInvalid(REASON_MAX);
    for (const reason of ['\u200b\u200b', '\u202e', 'x'.repeat(REASON_MAX + 1)]) {
      expect(
        await restAs(t, owner, 'DELETE', `/matches/${m.id}/participants/${ana.id}`, { reason }),
      ).toMatchObject({ status: 400, body: { success: false, error: invalid } });
      expect(
        await trpcError(
          t.caller(owner).matches.removeParticipant({ id: m.id, userId: ana.id, reason }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', message: invalid });
    }
    const page = await pageOf(ana, m.id);
    expect(page.is_participant).toBe(true);
    expect(page.my_removal).toBeNull();
    expect(
      await t.db.db.select().from(matchRemovals).where(eq(matchRemovals.matchId, m.id)),
    ).toEqual([]);
  });
});
