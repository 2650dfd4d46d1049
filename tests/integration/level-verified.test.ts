import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import { LEVEL_TRUST_TEXT } from '../../common/messages-season';
import { groupMembers, groups } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from './groups-support';
import { trpcError } from './matches-support';

/** « Niveau vérifié » (issue 43): who may vouch for a level, where it shows, when it lapses. */
let t: TestContext;
let rest: ReturnType<typeof restAs>;
let [boss, member, other, outsider, admin]: TestUser[] = [];
let groupId: number;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-10T08:00:00Z' });
  rest = restAs(t);
  [boss, member, other, outsider] = await Promise.all(
    ['Bea Chef', 'Max Membre', 'Oda Autre', 'Ugo Dehors'].map((name) =>
      createUser(t.deps, { name, level: 'Niveau 3' }),
    ),
  );
  admin = await createAdmin(t.deps);
  const [g] = await t.db.db
    .insert(groups)
    .values({ name: 'Les vérifiés', inviteToken: 'verified-group-token-0000' })
    .returning({ id: groups.id });
  groupId = g!.id;
  await t.db.db.insert(groupMembers).values([
    { groupId, userId: boss!.id, isAdmin: true },
    { groupId, userId: member!.id },
    { groupId, userId: other!.id },
  ]);
});
afterAll(() => t.close());

const verifiedOnProfile = async (u: TestUser) =>
  (await t.caller(outsider).results.profile({ id: u.id })).level_verified;
const verifiedInGroup = async (u: TestUser) =>
  (await t.caller(member).groups.byId({ id: groupId })).members.find((m) => m.user_id === u.id)
    ?.level_verified;

describe('a level vouched for', () => {
  it('by a group admin for a member (REST), shown on the profile and in the group', async () => {
    expect(await verifiedOnProfile(member!)).toBe(false);
    const res = await rest(
      boss!,
      'PUT',
      `/api/groups/${groupId}/members/${member!.id}/level-verified`,
      { verified: true },
    );
    expect(res).toEqual({
      status: 200,
      body: { success: true, message: LEVEL_TRUST_TEXT.verifiedSaved, level_verified: true },
    });
    expect(await verifiedOnProfile(member!)).toBe(true);
    expect(await verifiedInGroup(member!)).toBe(true);
    expect(await verifiedInGroup(other!)).toBe(false);
  });

  it('lapses when the player changes level, and can be withdrawn (tRPC)', async () => {
    const moved = await t.caller(member).users.update({ name: member!.name, level: 'Niveau 4' });
    expect(moved.level).toBe('Niveau 4');
    expect((await t.caller(member).results.profile({ id: member!.id })).level?.niveau).toBe(
      'Niveau 4',
    );
    expect(await verifiedOnProfile(member!)).toBe(false);
    await t
      .caller(boss)
      .groups.setLevelVerified({ id: groupId, userId: member!.id, verified: true });
    expect(await verifiedOnProfile(member!)).toBe(true);
    expect(
      await t.caller(boss).groups.setLevelVerified({
        id: groupId,
        userId: member!.id,
        verified: false,
      }),
    ).toMatchObject({ message: LEVEL_TRUST_TEXT.unverifiedSaved, level_verified: false });
    expect(await verifiedOnProfile(member!)).toBe(false);
  });

  it('by a site admin for anyone, in the audit trail; listed in the admin’s users', async () => {
    const res = await rest(admin!, 'PUT', `/api/admin/users/${outsider!.id}/level-verified`, {
      verified: true,
    });
    expect(res.status).toBe(200);
    const listed = await t.caller(admin).admin.users.list();
    expect(listed.find((u) => u.id === outsider!.id)?.level_verified).toBe(true);
    expect(listed.find((u) => u.id === other!.id)?.level_verified).toBe(false);
    // The player's export says so; the admin's lists whose level they vouched for.
    const own = await t.caller(outsider).users.exportData({ id: outsider!.id });
    expect(own.results.level_verification).toMatchObject({ level: 'Niveau 3' });
    const mine = await t.caller(admin).users.exportData({ id: admin!.id });
    expect(mine.results.levels_verified).toContainEqual(
      expect.objectContaining({ user_id: outsider!.id, level: 'Niveau 3' }),
    );
  });

  it('by nobody else: a plain member 403, an outsider the group’s 404, a non-member the 404, a player the admin door’s 403', async () => {
    expect(
      await trpcError(
        t
          .caller(member)
          .groups.setLevelVerified({ id: groupId, userId: other!.id, verified: true }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', message: GROUP_MSG.adminOnly });
    expect(
      await rest(outsider!, 'PUT', `/api/groups/${groupId}/members/${other!.id}/level-verified`, {
        verified: true,
      }),
    ).toEqual({ status: 404, body: { error: GROUP_MSG.notFound } });
    expect(
      await rest(boss!, 'PUT', `/api/groups/${groupId}/members/${outsider!.id}/level-verified`, {
        verified: false,
      }),
    ).toEqual({ status: 404, body: { error: LEVEL_TRUST_TEXT.notMember } });
    expect(
      (
        await rest(member!, 'PUT', `/api/admin/users/${other!.id}/level-verified`, {
          verified: true,
        })
      ).status,
    ).toBe(403);
    expect(
      await rest(boss!, 'PUT', `/api/groups/${groupId}/members/${other!.id}/level-verified`, {
        verified: 'oui',
      }),
    ).toEqual({ status: 400, body: { error: LEVEL_TRUST_TEXT.verifiedInvalid } });
    expect(await verifiedOnProfile(other!)).toBe(false);
  });
});
