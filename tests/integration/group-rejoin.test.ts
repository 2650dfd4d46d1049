import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import { groupBans, groupMembers } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { trpcError } from './matches-support';

/**
 * Group re-entry (issue 38, item 3): a member a group admin removed cannot come back through the
 * invite link (and read the chat again) until a group admin re-invites them; a group admin can
 * renew the link, and the old one stops working. Over REST and tRPC, for each role.
 */
const NOW = '2026-06-10T08:00:00Z';
const onPostgres = Boolean(serverUrl());
let t: TestContext;
let boss: TestUser;
let member: TestUser;
let outsider: TestUser;
let siteAdmin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  boss = await createUser(t.deps, { name: 'Camille Martin' });
  member = await createUser(t.deps, { name: 'Hugo Bernard' });
  outsider = await createUser(t.deps, { name: 'Inès Petit' });
  siteAdmin = await createAdmin(t.deps);
});
afterAll(() => t.close());

async function newGroup(...members: TestUser[]) {
  const g = await t.caller(boss).groups.create({ name: 'Les mardis soir' });
  for (const m of members) await t.caller(m).groups.join({ token: g.invite_token });
  return g;
}
const isMember = async (groupId: number, userId: number) =>
  (await t.db.db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .then((r) => r.length)) > 0;

describe('a removed member', () => {
  it('cannot rejoin with the same link, nor read the chat, until a group admin re-invites them', async () => {
    const g = await newGroup(member);
    await t.caller(boss).chat.post({ room: 'group', id: g.id, text: 'Avant le départ' });
    await t.caller(boss).groups.removeMember({ id: g.id, userId: member.id });
    await t.caller(boss).chat.post({ room: 'group', id: g.id, text: 'Pendant son absence' });
    // REST and tRPC: a clear French 403, nothing written.
    expect(
      await restAs(t, member, 'POST', '/groups/join', { token: g.invite_token }),
    ).toMatchObject({ status: 403, body: { error: GROUP_MSG.barred } });
    expect(await trpcError(t.caller(member).groups.join({ token: g.invite_token }))).toEqual({
      code: 'FORBIDDEN',
      message: GROUP_MSG.barred,
    });
    expect(await isMember(g.id, member.id)).toBe(false);
    expect(await trpcError(t.caller(member).chat.list({ room: 'group', id: g.id }))).toEqual({
      code: 'NOT_FOUND',
      message: GROUP_MSG.notFound,
    });
    // The group admin sees whom they removed, and re-invites them.
    const page = await t.caller(boss).groups.byId({ id: g.id });
    expect(page.removed).toEqual([
      { user_id: member.id, name: 'Hugo B.', removed_at: expect.any(String) as string },
    ]);
    const again = await restAs(t, boss, 'POST', `/groups/${g.id}/members/${member.id}/reinvite`);
    expect(again).toMatchObject({
      status: 200,
      body: { success: true, message: GROUP_MSG.reinvited('Hugo B.') },
    });
    expect((await t.caller(boss).groups.byId({ id: g.id })).removed).toEqual([]);
    const joined = await t.caller(member).groups.join({ token: g.invite_token });
    expect(joined.message).toBe(GROUP_MSG.joined('Les mardis soir'));
    expect(await isMember(g.id, member.id)).toBe(true);
    // Re-inviting someone who was not removed: a French 404.
    expect(
      await trpcError(t.caller(boss).groups.reinvite({ id: g.id, userId: member.id })),
    ).toEqual({ code: 'NOT_FOUND', message: GROUP_MSG.notRemoved });
  });

  it('leaving on one’s own bars nothing', async () => {
    const g = await newGroup(member);
    await t.caller(member).groups.leave({ id: g.id });
    expect((await t.caller(member).groups.join({ token: g.invite_token })).id).toBe(g.id);
  });

  it('a plain member sees no removal list', async () => {
    const g = await newGroup(member, outsider);
    await t.caller(boss).groups.removeMember({ id: g.id, userId: outsider.id });
    expect((await t.caller(member).groups.byId({ id: g.id })).removed).toEqual([]);
  });
});

describe('renewing the invite link', () => {
  it('gives a new token; the old one stops working; members stay', async () => {
    const g = await newGroup(member);
    const renewed = await restAs(t, boss, 'POST', `/groups/${g.id}/invite-token`);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ id: g.id, message: GROUP_MSG.inviteRenewed });
    const fresh = String(renewed.body.invite_token);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(fresh).not.toBe(g.invite_token);
    expect(await restAs(t, outsider, 'POST', '/groups/join', { token: g.invite_token })).toEqual(
      expect.objectContaining({ status: 404, body: { error: GROUP_MSG.inviteInvalid } }),
    );
    expect(await isMember(g.id, member.id)).toBe(true);
    expect((await t.caller(outsider).groups.join({ token: fresh })).id).toBe(g.id);
    expect((await t.caller(boss).groups.renewInvite({ id: g.id })).invite_token).not.toBe(fresh);
  });
});

describe('roles × the two new doors', () => {
  it('group admin only: a member gets 403, an outsider or a site admin the 404 of an unknown group, no session 401', async () => {
    const g = await newGroup(member, outsider);
    await t.caller(boss).groups.removeMember({ id: g.id, userId: outsider.id });
    const doors = [
      `/groups/${g.id}/invite-token`,
      `/groups/${g.id}/members/${outsider.id}/reinvite`,
    ];
    for (const url of doors) {
      expect(await restAs(t, member, 'POST', url)).toMatchObject({
        status: 403,
        body: { error: GROUP_MSG.adminOnly },
      });
      for (const who of [outsider, siteAdmin])
        expect(await restAs(t, who, 'POST', url)).toMatchObject({
          status: 404,
          body: { error: GROUP_MSG.notFound },
        });
      expect((await restAs(t, null, 'POST', url)).status).toBe(401);
    }
    expect(await restAs(t, boss, 'POST', '/groups/abc/invite-token')).toMatchObject({
      status: 400,
    });
    // Nothing changed.
    const page = await t.caller(boss).groups.byId({ id: g.id });
    expect(page.invite_token).toBe(g.invite_token);
    expect(page.removed.map((r) => r.user_id)).toEqual([outsider.id]);
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('a removal racing the removed member’s joins ends with them out and barred, every round', async () => {
    for (let round = 0; round < 5; round++) {
      const g = await newGroup(member);
      const results = await Promise.allSettled([
        t.caller(boss).groups.removeMember({ id: g.id, userId: member.id }),
        ...Array.from({ length: 8 }, () => t.caller(member).groups.join({ token: g.invite_token })),
      ]);
      expect(results[0].status).toBe('fulfilled');
      // Each join came either before the removal (« déjà membre ») or after it (barred).
      for (const r of results.slice(1))
        if (r.status === 'rejected') expect(String(r.reason)).toContain(GROUP_MSG.barred);
        else expect((r.value as { message: string }).message).toBe(GROUP_MSG.alreadyMember);
      expect(await isMember(g.id, member.id)).toBe(false);
      const bans = await t.db.db
        .select()
        .from(groupBans)
        .where(and(eq(groupBans.groupId, g.id), eq(groupBans.userId, member.id)));
      expect(bans).toHaveLength(1);
    }
  });
});
