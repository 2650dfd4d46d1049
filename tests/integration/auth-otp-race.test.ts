/** The 300-second resend limit of OTP codes holds when many sends to one address arrive at once. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema';
import type { TestContext } from '../support/app';
import { createUser } from '../support/factories';
import type { SmtpTestServer } from '../support/smtp';
import { freshIdentity, startAppWithSmtp } from './auth-support';

let t: TestContext;
let smtp: SmtpTestServer;
let close: () => Promise<void>;
beforeAll(async () => ({ t, smtp, close } = await startAppWithSmtp()));
afterAll(() => close());

// PostgreSQL runs the sends really at once (pool of 20); PGlite interleaves them between queries,
// which raced too before the check and the insert shared one lock.
const dbName = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`20 sends of a code to one address at once (${dbName})`, () => {
  it('over tRPC and REST mixed: exactly 1 mail, 1 stored code, 19 French refusals', async () => {
    const { email } = freshIdentity('course');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? t
              .caller()
              .auth.sendOtpEmail({ email })
              .then(
                () => 'ok',
                (e: Error) => e.message,
              )
          : t.app
              .inject({
                method: 'POST',
                url: '/api/auth/send-otp-email',
                headers: { 'content-type': 'application/json' },
                payload: JSON.stringify({ email }),
              })
              .then((r) => r.json<{ error?: string }>().error ?? 'ok'),
      ),
    );
    // A code is sent before its call answers: every mail of the burst is in the sink by now.
    const mails = smtp.mails.filter((m) => m.to.includes(email)).length;
    console.log(`mails sent by a 20-way burst of sends to one address: ${mails} (${dbName})`);
    expect(mails).toBe(1);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
    expect(
      answers.filter((a) =>
        /^Veuillez patienter \d:\d\d avant de demander un nouveau code\.$/.test(a),
      ),
    ).toHaveLength(19);
    const rows = await t.db.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.channel, 'email'), eq(otpCodes.target, email)));
    expect(rows).toHaveLength(1);
    // The one code sent is the one that works.
    await expect(
      t.caller().auth.verifyOtpEmail({ email, code: await smtp.codeFor(email) }),
    ).resolves.toMatchObject({ success: true });
  });

  it('PIN reset requests at once for one account: exactly 1 mail', async () => {
    const u = await createUser(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t
          .caller()
          .auth.requestPinReset({ email: u.email! })
          .then(
            () => 'ok',
            (e: Error) => e.message,
          ),
      ),
    );
    expect(smtp.mails.filter((m) => m.to.includes(u.email!))).toHaveLength(1);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
  });
});
