import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { GROUP_MSG } from '../../common/messages-groups';
import { matchMessages, outbox } from '../../db/schema';
import { matchInfo, whenOf } from '../../server/services/notifications/match-info';
import { restAs } from '../support/http';
import { followLog } from '../support/worker';
import { createEveningCast } from './evenings-support';

/**
 * An evening made from a group's page: only a member makes one, the other members hear of a public
 * one (notice and the group chat's line) and find it on the group's page; a private one stays with
 * its link. The form's Mexicano pairing and sit-out rule are kept and shown.
 */
let cast: Awaited<ReturnType<typeof createEveningCast>>;
let groupId: number;
beforeAll(async () => {
  cast = await createEveningCast(4);
  const { t, owner, players } = cast;
  const created = await restAs(t, owner, 'POST', '/groups', { name: 'Les jeudis' });
  groupId = Number(created.body.id);
  for (const p of players.slice(0, 2))
    expect(
      (await restAs(t, p, 'POST', '/groups/join', { token: String(created.body.invite_token) }))
        .status,
    ).toBe(200);
}, 120_000);
afterAll(() => cast.t.close());

describe('an evening for a group', () => {
  it('is announced to the other members, said in the group chat and listed on the group page', async () => {
    const { t, owner, players, newEvening } = cast;
    const e = await newEvening({ group_id: groupId, format: 'mexicano' });
    await followLog(t.deps);
    const told = await t.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.matchId, e.id), eq(outbox.event, 'group_evening')));
    expect([...new Set(told.map((r) => r.userId))].sort()).toEqual(
      [players[0]!.id, players[1]!.id].sort(),
    );
    expect(told[0]?.subject).toBe(GROUP_MSG.notify.groupEveningSubject('Les jeudis'));
    expect(told.find((r) => r.channel === 'email')?.body).toContain(`/soirees/${e.id}`);
    const lines = await t.db.db
      .select({ text: matchMessages.text })
      .from(matchMessages)
      .where(and(eq(matchMessages.groupId, groupId), eq(matchMessages.kind, 'system')));
    const info = await matchInfo(t.db.db, e.id);
    expect(lines.map((l) => l.text)).toContain(
      MSG.chat.system.groupEvening('Mexicano', whenOf(info!), info!.placeName),
    );

    const listed = await t.caller(players[0]).evenings.list({ group_id: groupId });
    expect(listed.map((c) => c.id)).toEqual([e.id]);
    const overRest = await restAs(t, players[1]!, 'GET', `/evenings?group_id=${groupId}`);
    expect(overRest.status).toBe(200);
    expect((overRest.body as unknown as { id: number }[]).map((c) => c.id)).toEqual([e.id]);
    // The owner's own evening list is unchanged by the group (one list, one rule).
    expect((await t.caller(owner).evenings.list()).map((c) => c.id)).toContain(e.id);
  });

  it('is refused to a stranger, whose group list is the group’s 404', async () => {
    const { t, players, newEvening } = cast;
    const stranger = players[3]!;
    await expect(newEvening({ group_id: groupId }, stranger)).rejects.toThrow(GROUP_MSG.notFound);
    await expect(t.caller(stranger).evenings.list({ group_id: groupId })).rejects.toThrow(
      GROUP_MSG.notFound,
    );
    const overRest = await restAs(t, stranger, 'GET', `/evenings?group_id=${groupId}`);
    expect(overRest.status).toBe(404);
    expect((await restAs(t, stranger, 'GET', '/evenings?group_id=abc')).status).toBe(400);
  });

  it('keeps a private one to its link: no notice, no line, not on the members’ list', async () => {
    const { t, players, newEvening } = cast;
    const e = await newEvening({ group_id: groupId, visibility: 'private' });
    await followLog(t.deps);
    expect(
      await t.db.db.$count(
        outbox,
        and(eq(outbox.matchId, e.id), eq(outbox.event, 'group_evening')),
      ),
    ).toBe(0);
    const listed = await t.caller(players[0]).evenings.list({ group_id: groupId });
    expect(listed.map((c) => c.id)).not.toContain(e.id);
  });
});

describe('the rules an organiser picks', () => {
  it('keeps the Mexicano pairing and the sit-out rule, and the page says them', async () => {
    const { newEvening } = cast;
    const e = await newEvening({
      format: 'mexicano',
      mexicano_pairing: '1-3',
      sit_out_rule: 'zero',
    });
    expect(e).toMatchObject({ mexicano_pairing: '1-3', sit_out_rule: 'zero' });
    const plain = await newEvening({ format: 'americano' });
    expect(plain).toMatchObject({ mexicano_pairing: '1-4', sit_out_rule: 'average' });
  });
});
