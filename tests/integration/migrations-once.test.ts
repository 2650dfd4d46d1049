/** Two instances starting at once on one fresh PostgreSQL database apply the migrations once. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { expect, it } from 'vitest';
import { serverUrl } from '../support/db';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const base = serverUrl();
if (!base)
  console.warn(
    '[migrations-once] skipped: needs PostgreSQL (TEST_DATABASE_URL / DATABASE_URL); PGlite has one process per database',
  );

const journal = JSON.parse(
  readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: unknown[];
};

it.runIf(base)(
  'two real server processes race on one fresh database: one migrates, the other waits, both serve',
  { timeout: 180_000 },
  async () => {
    const name = `padel_race_${randomBytes(4).toString('hex')}`;
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = Object.assign(new URL(base!), { pathname: `/${name}` }).toString();
    const servers: ServerProcess[] = [];
    try {
      const started = await Promise.allSettled([
        startServerProcess({ databaseUrl: url }),
        startServerProcess({ databaseUrl: url }),
      ]);
      for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);

      const applied = servers
        .map((s) => Number(/"migrationsApplied":(\d+)/.exec(s.output())?.[1] ?? NaN))
        .sort();
      expect(applied).toEqual([0, journal.entries.length]);
      const db = postgres(url, { max: 1, onnotice: () => {} });
      try {
        const [row] = await db<
          { n: number }[]
        >`select count(*)::int as n from drizzle.__drizzle_migrations`;
        expect(row?.n).toBe(journal.entries.length);
        const [levels] = await db<{ n: number }[]>`select count(*)::int as n from levels`;
        expect(levels?.n).toBe(8);
      } finally {
        await db.end();
      }
      for (const s of servers) expect((await fetch(`${s.url}/api/levels`)).status).toBe(200);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
);
