/**
 * Sign-up may name the player's level (issue 21: Home then shows it rather than "Non renseigné").
 * It is optional, must be an existing level, and the REST register contract works without it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { TUser } from '../../common/schemas/users';
import { users } from '../../db/schema';
import { rest, trpc } from '../support/http';
import { freshIdentity, startAppWithSmtp } from './auth-support';

const PIN = '7391';
let app: Awaited<ReturnType<typeof startAppWithSmtp>>;
beforeAll(async () => {
  app = await startAppWithSmtp();
});
afterAll(() => app.close());

/** A fresh identity whose e-mail has just been proven by its code. */
async function proven() {
  const id = freshIdentity('niveau');
  await trpc(app.t.app, 'mutation', 'auth.sendOtpEmail', { email: id.email });
  const code = await app.smtp.codeFor(id.email);
  await trpc(app.t.app, 'mutation', 'auth.verifyOtpEmail', { email: id.email, code });
  return id;
}

const register = (id: ReturnType<typeof freshIdentity>, extra: object = {}) =>
  trpc<{ user: TUser }>(app.t.app, 'mutation', 'auth.register', {
    name: 'Nina Niveau',
    email: id.email,
    phone: id.national,
    country: 'FR',
    pin: PIN,
    confirmPin: PIN,
    deviceId: 'device-level',
    ...extra,
  });

const stored = async (email: string) =>
  (await app.t.db.db.select().from(users).where(eq(users.email, email)))[0];

describe('the level at sign-up', () => {
  it('is stored and answered when given', async () => {
    const id = await proven();
    const res = await register(id, { level: 'Niveau 4' });
    expect(res.error).toBeUndefined();
    expect(res.data?.user.level).toBe('Niveau 4');
    expect((await stored(id.email))?.level).toBe('Niveau 4');
  });

  it('is optional: none, or an empty choice, leaves it unset', async () => {
    for (const extra of [{}, { level: '' }]) {
      const id = await proven();
      const res = await register(id, extra);
      expect(res.error).toBeUndefined();
      expect(res.data?.user.level).toBeNull();
    }
  });

  it('an unknown level is refused in French and creates nothing; the proof stays usable', async () => {
    const id = await proven();
    const res = await register(id, { level: 'Niveau 99' });
    expect(res.status).toBe(400);
    expect(res.error).toBe(MSG.match.levelUnknown('Niveau 99'));
    expect(await stored(id.email)).toBeUndefined();
    expect((await register(id, { level: 'Niveau 2' })).data?.user.level).toBe('Niveau 2');
  });

  it('a line break in the level is refused', async () => {
    const id = await proven();
    const res = await register(id, { level: 'Niveau 1\u0007' });
    expect(res.status).toBe(400);
    expect(await stored(id.email)).toBeUndefined();
  });

  it('REST POST /api/auth/register still works without a level', async () => {
    const id = await proven();
    const res = await rest(app.t.app, 'POST', '/auth/register', {
      name: 'Rémi Rest',
      email: id.email,
      phone: id.national,
      pin: PIN,
    });
    expect(res.status).toBeLessThan(300);
    expect(res.body.user?.level).toBeNull();
    expect((await stored(id.email))?.level).toBeNull();
  });
});
