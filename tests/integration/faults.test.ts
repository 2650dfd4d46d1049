/**
 * Faults under traffic: the database kills the app's connections in the middle of transactions,
 * and the mail relay is down while a code is sent. Users get a French answer, nothing is left
 * half-written, and the app recovers by itself.
 */
import { and, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { matchParticipants, matches, otpCodes, places } from '../../db/schema';
import { systemClock } from '../../server/lib/clock';
import { createSecrets } from '../../server/lib/secrets';
import { createTestContext, TEST_SECRET, type TestContext } from '../support/app';
import { createTestDb, serverUrl, type TestDb } from '../support/db';
import { createUser, type TestUser } from '../support/factories';
import { rest } from '../support/http';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpServer } from '../support/smtp';
import { freshIdentity } from './auth-support';

const onPostgres = Boolean(serverUrl());
if (!onPostgres)
  console.warn(
    '[faults] connection kills skipped: pg_terminate_backend needs a PostgreSQL server (PGlite has no connections)',
  );

describe.runIf(onPostgres)(
  'the database terminates the server process’s connections mid-traffic (PostgreSQL)',
  () => {
    let db: TestDb;
    let server: ServerProcess;
    let owner: TestUser;
    let players: TestUser[];
    const deps = () => ({ db: db.db, clock: systemClock, secrets: createSecrets(TEST_SECRET) });

    beforeAll(async () => {
      db = await createTestDb();
      server = await startServerProcess({ databaseUrl: db.url! });
      owner = await createUser(deps());
      players = [];
      for (let i = 0; i < 21; i++) players.push(await createUser(deps()));
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await db?.close();
    });

    const newMatch = async (slots: number) => {
      const [place] = await db.db
        .insert(places)
        .values({ name: 'Club', address: '1 rue du Padel', city: 'Nantes' })
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
          slots,
          missingPlayers: slots,
        })
        .returning();
      return m!;
    };
    const restCall = async (method: string, path: string, who: TestUser) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
        body: JSON.stringify({ user_id: who.id }),
      });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    };
    const trpcJoin = async (id: number, who: TestUser) => {
      const res = await fetch(`${server.url}/trpc/matches.join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
        body: JSON.stringify({ id }),
      });
      return {
        status: res.status,
        body: { error: ((await res.json()) as { error?: { message: string } }).error?.message },
      };
    };
    /** Every match keeps missing_players = slots − its participants, whatever was interrupted. */
    const expectConsistent = async (ids: number[]) => {
      for (const id of ids) {
        const [m] = await db.db.select().from(matches).where(eq(matches.id, id));
        const count = await db.db.$count(matchParticipants, eq(matchParticipants.matchId, id));
        expect(m!.missingPlayers).toBe(m!.slots - count);
      }
    };

    it('requests in flight fail with the French server error, no row is half-written, and the next requests succeed', async () => {
      const m1 = await newMatch(10);
      const m2 = await newMatch(10);
      const leavers = players.slice(0, 5);
      for (const p of leavers)
        expect((await restCall('POST', `/matches/${m1.id}/join`, p)).status).toBe(200);

      // Hold every write to `matches` (reads go on) so transactions stop half-way — a leave has
      // already deleted its participant row — then kill the server's connections under them.
      // `locker` holds the lock in its own BEGIN … ROLLBACK (one connection, max: 1); `observer`
      // watches and kills from outside it (pg_stat_activity is a snapshot inside a transaction).
      const locker = postgres(db.url!, { max: 1, onnotice: () => {} });
      const observer = postgres(db.url!, { max: 1, onnotice: () => {} });
      let answers: { status: number; body: { error?: string } }[];
      try {
        const [{ pid: lockerPid } = { pid: 0 }] = await locker<
          { pid: number }[]
        >`select pg_backend_pid() as pid`;
        await locker`begin`;
        await locker`lock table matches in exclusive mode`;
        const traffic = Promise.all([
          ...leavers.map((p) => restCall('POST', `/matches/${m1.id}/leave`, p)),
          ...players
            .slice(5, 15)
            .map((p, i) => restCall('POST', `/matches/${i % 2 ? m1.id : m2.id}/join`, p)),
          ...players.slice(15, 18).map((p) => trpcJoin(m2.id, p)),
        ]);
        const deadline = Date.now() + 15_000;
        for (;;) {
          const [row] = await observer<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> ${lockerPid}`;
          // The server's pool (10 connections) is full of blocked transactions.
          if ((row?.n ?? 0) >= 10) break;
          if (Date.now() > deadline) throw new Error('the server never blocked on the held lock');
          await new Promise((r) => setTimeout(r, 50));
        }
        const killed = await observer`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> ${lockerPid} and pid <> pg_backend_pid()`;
        console.log(`connections terminated mid-transaction: ${killed.length}`);
        await locker`rollback`;
        answers = await traffic;
      } finally {
        await Promise.all([locker.end(), observer.end()]);
      }

      const failed = answers.filter((a) => a.status >= 500);
      console.log(
        `requests in flight: ${answers.length}, failed with the French 5xx text: ${failed.length}`,
      );
      expect(failed.length).toBeGreaterThan(0);
      for (const a of failed)
        expect(a).toEqual({
          status: 500,
          body: expect.objectContaining({ error: MSG.http.server }) as unknown,
        });
      for (const a of answers.filter((x) => x.status < 500)) expect([200, 409]).toContain(a.status);

      // Recovered by itself: same process, new connections. A pooled connection whose end the
      // driver has not read yet may fail one more request (a 500, rolled back); the next succeed.
      expect(server.exitCode()).toBeNull();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const recovered = async (call: () => Promise<{ status: number }>) => {
        for (let attempt = 1; ; attempt++) {
          const { status } = await call();
          if (status !== 500 || attempt === 2) return status;
          console.log('a request after the kill met a closed connection; sent again');
        }
      };
      expect(await recovered(() => restCall('POST', `/matches/${m2.id}/join`, players[18]!))).toBe(
        200,
      );
      expect(await recovered(() => trpcJoin(m1.id, players[19]!))).toBe(200);
      expect((await fetch(`${server.url}/api/matches`)).status).toBe(200);
      await expectConsistent([m1.id, m2.id]);
    });
  },
);

describe('the mail relay is down while a code is sent', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(() => t.close());

  it('answers a French error and records nothing; once the relay is back, a retry at once sends a code that works', async () => {
    const { email } = freshIdentity('panne');
    const down = await rest(t.app, 'POST', '/auth/send-otp-email', { email });
    expect(down.status).toBe(502);
    expect(down.body.error).toBe(MSG.auth.otpSendFailed);
    await expect(t.caller().auth.sendOtpEmail({ email })).rejects.toThrow(MSG.auth.otpSendFailed);
    expect(
      await t.db.db.$count(
        otpCodes,
        and(eq(otpCodes.channel, 'email'), eq(otpCodes.target, email)),
      ),
    ).toBe(0);

    const smtp = await startSmtpServer({ port });
    try {
      // Not held back by the 300-second resend limit: nothing was sent.
      const retry = await rest(t.app, 'POST', '/auth/send-otp-email', { email });
      expect(retry.body).toMatchObject({ success: true });
      const code = await smtp.codeFor(email);
      expect(
        (await rest(t.app, 'POST', '/auth/verify-otp-email', { email, code })).body,
      ).toMatchObject({ success: true });
    } finally {
      await smtp.close();
    }
  });
});
