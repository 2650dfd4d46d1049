import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noShows } from '../../db/schema';
import { restAs } from '../support/http';
import { createEveningCast, signUp } from './evenings-support';

let cast: Awaited<ReturnType<typeof createEveningCast>>;
beforeAll(async () => (cast = await createEveningCast(6)), 120_000);
afterAll(() => cast.t.close());

describe('an evening seen from the match doors it is built on', () => {
  it('gives its players a calendar file and a stranger none', async () => {
    const { t, players, newEvening } = cast;
    const e = await newEvening({ max_players: 4, courts: 1 });
    await signUp(t, e.id, players.slice(0, 4));
    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/matches/${e.id}/calendar.ics`,
      headers: players[0]!.headers,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('DTSTART');
    const stranger = await restAs(t, players[5]!, 'GET', `/matches/${e.id}/calendar.ics`);
    expect(stranger.status).toBe(403);
  });

  it('lets the organiser mark a player absent after the start (the absence reliability reads)', async () => {
    const { t, owner, players, newEvening } = cast;
    const e = await newEvening({ max_players: 4, courts: 1 });
    await signUp(t, e.id, players.slice(0, 4));
    await t.caller(owner).evenings.start({ id: e.id });
    t.clock.set('2026-06-20T21:00:00Z');
    await t.caller(owner).results.markNoShow({ id: e.id, userId: players[2]!.id });
    expect(
      await t.db.db.$count(
        noShows,
        and(eq(noShows.matchId, e.id), eq(noShows.userId, players[2]!.id)),
      ),
    ).toBe(1);
  });
});
