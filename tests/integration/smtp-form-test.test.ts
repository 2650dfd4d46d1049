import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { smtpConfig } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, type TestUser } from '../support/factories';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { trpcError } from './matches-support';

/**
 * Issue 21, admin SMTP: "Envoyer" tests the settings as they stand in the form, before any save
 * (an empty password uses the stored one), and every mail leaves under the saved sender name,
 * "Padel Match" when none is given. Checked on the From header the real SMTP server receives.
 */

let t: TestContext;
let smtp: SmtpTestServer;
let admin: TestUser;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext();
  admin = await createAdmin(t.deps);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const A = MSG.admin;
const as = () => t.caller(admin);
const PASSWORD = 'Form-P@ss-2026';
const form = (extra: object = {}) => ({
  host: '127.0.0.1',
  port: smtp.port,
  secure: false,
  username: 'club-relay',
  password: PASSWORD,
  is_active: true,
  from_email: 'club@example.fr',
  ...extra,
});
/** The From header of the latest mail to `to`. */
const fromHeader = async (to: string) =>
  /^From: (.*)$/im.exec((await smtp.waitForMail(to)).raw)?.[1]?.trim();

describe('SMTP test of the form, and the sender name', () => {
  it('before any save, tests the form: the mail arrives as "Padel Match" <club@example.fr>, nothing is stored', async () => {
    expect(await as().admin.smtp.get()).toBeNull();
    const res = await as().admin.smtp.test({ email: 'first@example.fr', config: form() });
    expect(res).toEqual({ success: true, message: MSG.smtpTest.sentUnsaved });
    expect(await fromHeader('first@example.fr')).toMatch(/^"?Padel Match"? <club@example\.fr>$/);
    expect(smtp.logins.at(-1)).toEqual({ username: 'club-relay', password: PASSWORD });
    expect(await t.db.db.$count(smtpConfig)).toBe(0);
  });

  it('a form without a password, with none stored, is refused', async () => {
    expect(
      await trpcError(
        as().admin.smtp.test({ email: 'x@example.fr', config: form({ password: '' }) }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: A.smtpFieldsRequired,
    });
  });

  it('once saved, an empty password in the form uses the stored one; testing what is stored makes it activable', async () => {
    await as().admin.smtp.save(form({ from_name: 'Club de Lyon' }));
    expect(await as().admin.smtp.get()).toMatchObject({ is_verified: false, has_password: true });
    smtp.logins.splice(0);
    const res = await as().admin.smtp.test({
      email: 'second@example.fr',
      config: form({ password: '', from_name: 'Club de Lyon' }),
    });
    expect(res).toEqual({ success: true, message: A.smtpTestSent });
    expect(smtp.logins).toEqual([{ username: 'club-relay', password: PASSWORD }]);
    expect(await fromHeader('second@example.fr')).toMatch(/^"?Club de Lyon"? <club@example\.fr>$/);
    expect(await as().admin.smtp.get()).toMatchObject({ is_verified: true });
  });

  it('a form that differs from what is stored is tested but proves nothing', async () => {
    await as().admin.smtp.save(form({ from_name: 'Club de Lyon', password: '' }));
    const verified = (await as().admin.smtp.get())?.is_verified;
    const res = await as().admin.smtp.test({
      email: 'third@example.fr',
      config: form({ username: 'autre', password: '' }),
    });
    expect(res.message).toBe(MSG.smtpTest.sentUnsaved);
    expect(smtp.logins.at(-1)).toEqual({ username: 'autre', password: PASSWORD });
    expect((await as().admin.smtp.get())?.is_verified).toBe(verified);
  });

  it("every mail of the app leaves under the saved name, else 'Padel Match'", async () => {
    await as().admin.smtp.test({ email: 'proof@example.fr' });
    expect(await as().admin.smtp.save(form({ from_name: 'Club de Lyon', password: '' }))).toEqual({
      success: true,
      message: A.smtpSaved,
    });
    await t.caller().auth.sendOtpEmail({ email: 'code@example.fr' });
    expect(await fromHeader('code@example.fr')).toMatch(/^"?Club de Lyon"? <club@example\.fr>$/);

    await as().admin.smtp.save(form({ from_name: '', password: '' }));
    await t.deps.mailer.send({ to: 'plain@example.fr', subject: 'Bonjour', text: 'Bonjour' });
    expect(await fromHeader('plain@example.fr')).toMatch(/^"?Padel Match"? <club@example\.fr>$/);
  });

  it("a failing server in the form names the form's host", async () => {
    const dead = await startSmtpServer();
    await dead.close();
    const refused = A.testFailedBecause(A.smtpTestFailed, A.smtpReasons.ECONNREFUSED('127.0.0.1'));
    expect(
      await trpcError(
        as().admin.smtp.test({ email: 'nobody@example.fr', config: form({ port: dead.port }) }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: refused,
    });
  });
});
