import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, rowsOf, type DbHandle } from '../../db/client';
import { migrationsFolder } from '../../db/migrate';
import { serverUrl } from '../support/db';

/**
 * The migration that gives groups a chat, applied to a database holding what earlier versions
 * wrote (a match chat with messages, read markers and a report; a group-only match that was
 * public): the match chat stays whole, the new rules hold, group-only matches become private. On
 * the local PostgreSQL (15) when TEST_DATABASE_URL is set, else on PGlite. Found by its content,
 * not its number, so renumbering at merge time keeps this test.
 */
const files = readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const target = files.find((f) =>
  readFileSync(`${migrationsFolder}/${f}`, 'utf8').includes('match_messages_one_room'),
)!;
const statements = (file: string) =>
  readFileSync(`${migrationsFolder}/${file}`, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.replace(/^--.*$/gm, '').trim() !== '');

const base = serverUrl();
let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;
const run = async (q: string) =>
  rowsOf<Record<string, unknown>>(await handle.db.execute(sql.raw(q)));

beforeAll(async () => {
  if (base) {
    const name = `padel_mig_${randomBytes(4).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    handle = await createDb({
      url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
      max: 1,
    });
    drop = async () => {
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else handle = await createDb({ pgliteDir: 'memory://' });
  for (const file of files.slice(0, files.indexOf(target)))
    for (const s of statements(file)) await run(s);
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

describe(`migration ${target} on ${base ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('keeps the match chat, adds the group room, and makes group-only matches private', async () => {
    expect(target).toBeDefined();
    const [version] = await run(`select current_setting('server_version_num')::int as v`);
    console.log(`[migration] ${target} on server_version_num ${String(version?.v)}`);
    await run(`insert into users (name, email, phone, pin_hash) values
      ('Ana Martin', 'ana@example.fr', '+33600000001', 'x'), ('Ben Roux', 'ben@example.fr', '+33600000002', 'x')`);
    const [u1, u2] = await run(`select id from users order by id`);
    await run(`insert into places (name, address, city) values ('Club', '1 rue', 'Lyon')`);
    const [place] = await run(`select id from places`);
    await run(`insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
      values (${String(place!.id)}, '2026-06-20', '18:00', '["Niveau 3"]', 3, 3, ${String(u1!.id)}),
             (${String(place!.id)}, '2026-06-21', '18:00', '["Niveau 3"]', 3, 3, ${String(u1!.id)})`);
    const [m1, m2] = await run(`select id from matches order by id`);
    await run(`insert into match_messages (match_id, author_id, kind, text) values
      (${String(m1!.id)}, ${String(u1!.id)}, 'user', 'Qui a des balles ?'),
      (${String(m1!.id)}, null, 'system', 'Ben a rejoint le match')`);
    await run(`insert into match_message_reads (match_id, user_id, last_read_id)
      values (${String(m1!.id)}, ${String(u2!.id)}, 1), (${String(m1!.id)}, ${String(u1!.id)}, 2)`);
    await run(`insert into match_message_reports (message_id, reporter_id)
      select min(id), ${String(u2!.id)} from match_messages`);
    await run(
      `insert into groups (name, invite_token) values ('Les mardis', 'tok_${'x'.repeat(20)}')`,
    );
    const [g] = await run(`select id from groups`);
    await run(`insert into group_matches (match_id, group_id, is_group_only)
      values (${String(m2!.id)}, ${String(g!.id)}, true)`);

    for (const s of statements(target)) await run(s);

    expect(
      await run(`select match_id, group_id, kind, text from match_messages order by id`),
    ).toEqual([
      { match_id: m1!.id, group_id: null, kind: 'user', text: 'Qui a des balles ?' },
      { match_id: m1!.id, group_id: null, kind: 'system', text: 'Ben a rejoint le match' },
    ]);
    const reads = await run(
      `select id, match_id, group_id, user_id, last_read_id from match_message_reads order by id`,
    );
    expect(reads.map((r) => [r.match_id, r.user_id, r.last_read_id])).toEqual([
      [m1!.id, u2!.id, 1],
      [m1!.id, u1!.id, 2],
    ]);
    expect(reads.every((r) => typeof r.id === 'number' && r.group_id === null)).toBe(true);
    expect(await run(`select count(*)::int as n from match_message_reports`)).toEqual([{ n: 1 }]);
    // A message belongs to exactly one room; a read marker is unique per member and room.
    await expect(
      run(`insert into match_messages (kind, text) values ('system', 'Nulle part')`),
    ).rejects.toThrow();
    await expect(
      run(`insert into match_messages (match_id, group_id, kind, text)
        values (${String(m1!.id)}, ${String(g!.id)}, 'system', 'Partout')`),
    ).rejects.toThrow();
    await expect(
      run(
        `insert into match_message_reads (match_id, user_id) values (${String(m1!.id)}, ${String(u2!.id)})`,
      ),
    ).rejects.toThrow();
    await run(
      `insert into match_messages (group_id, kind, text) values (${String(g!.id)}, 'system', 'Salut le groupe')`,
    );
    await run(
      `insert into match_message_reads (group_id, user_id) values (${String(g!.id)}, ${String(u2!.id)})`,
    );
    // The group-only match is private now, with a share token; the other match is untouched.
    const privacy = await run(`select id, visibility, share_token from matches order by id`);
    expect(privacy[0]).toMatchObject({ visibility: 'public', share_token: null });
    expect(privacy[1]).toMatchObject({ visibility: 'private' });
    expect(String(privacy[1]!.share_token)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A deleted group takes its chat with it.
    await run(`delete from groups where id = ${String(g!.id)}`);
    expect(
      await run(`select count(*)::int as n from match_messages where group_id is not null`),
    ).toEqual([{ n: 0 }]);
  });
});
