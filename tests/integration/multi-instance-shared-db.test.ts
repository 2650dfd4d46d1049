/**
 * Two real server processes on ONE PostgreSQL database, as behind a load balancer: sessions, OTP
 * codes, the PIN lockout and match places are shared state and must hold across them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../common/limits';
import { MSG } from '../../common/messages';
import { matchParticipants, matches, places } from '../../db/schema';
import { systemClock } from '../../server/lib/clock';
import { createSecrets } from '../../server/lib/secrets';
import { TEST_SECRET } from '../support/app';
import { createTestDb, serverUrl, type TestDb } from '../support/db';
import { createUser, type TestUser } from '../support/factories';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { freshIdentity } from './auth-support';

const available = Boolean(serverUrl());
if (!available)
  console.warn(
    '[multi-instance-shared-db] skipped: only PostgreSQL can be shared by two processes (PGlite is embedded in one)',
  );

type Answer = {
  status: number;
  body: Record<string, unknown> & { error?: string; token?: string };
};

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body?: object,
  token?: string,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe.runIf(available)('two server processes sharing one PostgreSQL database', () => {
  let db: TestDb;
  let smtp: SmtpTestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  // The servers' own secret, so users made here log in there.
  const deps = () => ({ db: db.db, clock: systemClock, secrets: createSecrets(TEST_SECRET) });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDb();
    const start = () => startServerProcess({ databaseUrl: db.url!, env: { SMTP_URL: smtp.url } });
    [a, b] = await Promise.all([start(), start()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await smtp?.close();
  });

  it('an OTP sent by one verifies on the other; a session made on one works on the other, and logout ends it on both', async () => {
    const id = freshIdentity('deux');
    expect((await call(a, 'POST', '/auth/send-otp-email', { email: id.email })).status).toBe(200);
    const code = await smtp.codeFor(id.email);
    expect(
      (await call(b, 'POST', '/auth/verify-otp-email', { email: id.email, code })).body,
    ).toMatchObject({ success: true });
    const registered = await call(a, 'POST', '/auth/register', {
      name: 'Inès',
      email: id.email,
      phone: id.phone,
      pin: '5937',
    });
    expect(registered.body).toMatchObject({ success: true, message: MSG.auth.registered });
    expect((await call(b, 'GET', '/auth/me', undefined, registered.body.token)).body).toMatchObject(
      { user: { email: id.email } },
    );

    const login = await call(b, 'POST', '/auth/login-by-email', {
      email: id.email,
      pin: '5937',
      deviceId: 'd',
    });
    expect(login.status).toBe(200);
    expect((await call(a, 'GET', '/auth/me', undefined, login.body.token)).status).toBe(200);
    expect((await call(a, 'POST', '/auth/logout', {}, login.body.token)).status).toBe(200);
    expect((await call(b, 'GET', '/auth/me', undefined, login.body.token)).status).toBe(401);
  });

  it('50 wrong PINs at once across both lock the account: at most 5 checked, the right PIN refused on both', async () => {
    const u = await createUser(deps());
    const pins = Array.from({ length: 50 }, (_, i) => String(1000 + i * 7));
    const answers = await Promise.all(
      pins.map((pin, i) =>
        call(i % 2 ? a : b, 'POST', i % 4 < 2 ? '/auth/login-by-email' : '/auth/login', {
          ...(i % 4 < 2 ? { email: u.email } : { phone: u.phone }),
          pin,
          deviceId: 'd',
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(0);
    const checkedLine = new RegExp(`"throttleKey":"user:${u.id}".*"msg":"PIN checked"`, 'g');
    const checked = [a, b].reduce((n, s) => n + (s.output().match(checkedLine)?.length ?? 0), 0);
    console.log(`lockout verifications under a 50-way burst across two processes: ${checked}`);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    for (const s of [a, b]) {
      const right = await call(s, 'POST', '/auth/login-by-email', {
        email: u.email,
        pin: u.pin,
        deviceId: 'd',
      });
      expect(right).toEqual({
        status: 429,
        body: { success: false, error: MSG.auth.accountLocked(15) },
      });
    }
  });

  it('30 players joining a 3-place match at once across both: exactly 3 get in', async () => {
    const owner = await createUser(deps());
    const players: TestUser[] = [];
    for (let i = 0; i < 30; i++) players.push(await createUser(deps()));
    const [place] = await db.db
      .insert(places)
      .values({ name: 'Club Partagé', address: '1 rue du Padel', city: 'Lyon' })
      .returning();
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const [m] = await db.db
      .insert(matches)
      .values({
        placeId: place!.id,
        createdBy: owner.id,
        date: day,
        time: '18:00',
        levels: ['Niveau 3'],
        slots: 3,
        missingPlayers: 3,
      })
      .returning();
    const answers = await Promise.all(
      players.map((p, i) =>
        call(i % 2 ? a : b, 'POST', `/matches/${m!.id}/join`, { user_id: p.id }, p.token),
      ),
    );
    const statuses = answers.map((r) => r.status);
    console.log(
      `joins across two processes: ${statuses.filter((s) => s === 200).length} in, ${statuses.filter((s) => s === 409).length} refused`,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409 && r.body.error === MSG.match.full)).toHaveLength(
      27,
    );
    const [row] = await db.db.select().from(matches).where(eq(matches.id, m!.id));
    expect(row?.missingPlayers).toBe(0);
    expect(await db.db.$count(matchParticipants, eq(matchParticipants.matchId, m!.id))).toBe(3);
  });
});
