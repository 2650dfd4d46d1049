/**
 * `npm run bench`: the production server, in its own process, driven over real HTTP by autocannon
 * against a bare Fastify + postgres.js process running the app's own SQL (the ceiling of our
 * stack), on a realistic database: 10,000 players, 50 places, 100,000 matches of which ~5,000
 * upcoming, 3 participants on average. Rounds are interleaved and each figure is the median of
 * BENCH_ROUNDS (default 3). Prints a table with the ratios and budgets, writes
 * bench/results/<date>.json, exits non-zero when a budget does not hold.
 *
 * PostgreSQL from DATABASE_URL (a fresh database, dropped at the end), else PGlite: PGlite is one
 * process's file, so the bare route and the raw join loop (which need a second client) are then
 * left out.
 */
import { spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { addDays, localParts } from '../common/schedule';
import { createDb, rowsOf, type DbHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { createSecrets } from '../server/lib/secrets';
import { hashPin } from '../server/lib/pin-hash';
import { listMatchesQuery } from '../server/services/matches/queries';
import { initialAssets, measureFcp } from './client';
import { load, loop } from './http';
import { measureLighthouse, printLighthouse } from './lighthouse';
import { benchOutbox, printOutbox } from './outbox';
import { ROOT, imageRuntimeEnv, serverNodeVersion, startNode, type Child } from './processes';
import { costGrowth } from './scale';
import { seedBenchData } from './seed';
import { budget, fmt, medianFigure, printTable, type Budget, type Figure } from './stats';
import { createScratchDatabase } from './database';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POOL = Number(process.env.DB_POOL_SIZE ?? 10);
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const PIN = '4829';
const TZ = 'Europe/Paris';
const PLAYERS = 10_000;
const PLACES = 50;
const MATCHES = Number(process.env.BENCH_MATCHES ?? 100_000);
const UPCOMING = 5_000;
const PAGE = 100;
const LIST_CONNECTIONS = 10;
const JOIN_CONNECTIONS = 100;
const JOIN_MATCHES = 200;
const JOIN_ATTEMPTS = 2_000;
const HOT_ATTEMPTS = 1_000;
const JOIN_SLOTS = 4;
const LOGIN_CONNECTIONS = 4;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
/** The filtered page: a level filter (the filters of the time; see the README). */
const LEVEL = 'Niveau 3';

const log = (s: string) => console.log(`[bench] ${s}`);
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const pgArray = (xs: (string | number)[]) => `{${xs.join(',')}}`;

interface Database {
  label: string;
  handle: DbHandle;
  url?: string;
  dataDir: string;
  drop: () => Promise<void>;
}

/** Bytes on the wire for one Accept-Encoding (fetch would decode them); NaN when not encoded so. */
function encodedSize(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(encoding === 'identity' || res.headers['content-encoding'] === encoding ? n : NaN));
    }).on('error', reject);
  });
}

async function openDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-bench-'));
  if (!base) {
    const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
    await runMigrations(handle);
    return { label: 'PGlite', handle, dataDir, drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })) };
  }
  const scratch = await createScratchDatabase(base, 'padel_bench');
  const { url } = scratch;
  const u = new URL(url);
  const handle = await createDb({ url, max: 4 });
  await runMigrations(handle, url);
  return {
    label: `PostgreSQL ${u.host}`,
    handle,
    url,
    dataDir,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

function buildClient() {
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('npm run build failed');
  log(`client built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The compiled server when the build has produced it, else the TypeScript sources through tsx. */
function serverCommand(): { args: string[]; label: string } {
  if (existsSync(join(ROOT, 'dist/server/index.js'))) return { args: ['dist/server/index.js'], label: 'node dist/server/index.js' };
  return { args: ['--import', 'tsx', 'server/index.ts'], label: 'node --import tsx server/index.ts (no compiled build yet)' };
}

async function main() {
  const started = performance.now();
  const serverNode = serverNodeVersion();
  log(
    `Node ${process.version} (servers: ${serverNode}), ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB`,
  );
  buildClient();
  const db = await openDatabase();
  const servers: Child[] = [];
  let raw: postgres.Sql | undefined;
  try {
    const h = db.handle;
    await seedDefaults(h.db);
    const pepper = createSecrets(SECRET).pinPepper;
    const pinHash = await hashPin(PIN, pepper);
    const local = localParts(new Date(), TZ);
    let t0 = performance.now();
    const seed = await seedBenchData(h.db, {
      today: local.date,
      matches: MATCHES,
      users: PLAYERS,
      places: PLACES,
      upcoming: UPCOMING,
      pinHash,
    });
    const [counts] = rowsOf<{ upcoming: number; participants: number }>(
      await h.db.execute(sql`select (select count(*) from matches where date > ${local.date}::date)::int as upcoming,
                                    (select count(*) from match_participants)::int as participants`),
    );
    log(
      `seeded ${PLAYERS} players, ${PLACES} places, ${MATCHES} matches (${counts?.upcoming} upcoming), ${counts?.participants} participants in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // Join targets: per round, JOIN_MATCHES + 1 (hot) matches for the app and as many for the raw loop.
    const creator = seed.userIds[0]!;
    const joiners = seed.userIds.slice(1, 1 + JOIN_ATTEMPTS);
    const newMatches = async (n: number) =>
      rowsOf<{ id: number }>(
        await h.db.execute(sql`
          insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
          select ${seed.placeIds[0]!}, ${addDays(local.date, 10)}::date, time '18:00', '["Niveau 3"]'::jsonb, ${JOIN_SLOTS}, ${JOIN_SLOTS}, ${creator}
            from generate_series(1, ${n}) returning id`),
      ).map((r) => r.id);
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++)
      rounds.push({
        app: await newMatches(JOIN_MATCHES),
        raw: await newMatches(JOIN_MATCHES),
        hot: await newMatches(1),
        rawHot: await newMatches(1),
      });
    const tokens = joiners.map((id) => `bench-${id}-${randomBytes(8).toString('hex')}`);
    await h.db.execute(sql`
      insert into sessions (token_hash, user_id, expires_at)
      select t, u, now() + interval '1 day' from unnest(${pgArray(tokens.map(hashToken))}::text[], ${pgArray(joiners)}::int[]) as x(t, u)`);
    await h.db.execute(sql`analyze`);
    await h.close();

    const server = serverCommand();
    // Both servers run with the production image's node settings (the Dockerfile's NODE_OPTIONS, MALLOC_*).
    const runtimeEnv = imageRuntimeEnv();
    log(`the image's runtime settings: ${JSON.stringify(runtimeEnv)}`);
    const appEnv = {
      ...runtimeEnv,
      NODE_ENV: 'production',
      APP_SECRET: SECRET,
      PUBLIC_URL: 'https://padel.example.org',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      APP_TIMEZONE: TZ,
      DB_POOL_SIZE: String(POOL),
      DATA_DIR: db.dataDir,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    };
    t0 = performance.now();
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const app = await startNode([...prof, ...server.args], appEnv, '/healthz');
    servers.push(app);
    log(`server (${server.label}, NODE_ENV=production, pid ${app.pid}) ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The same SQL text for the bare route: what drizzle sends for each page.
    const firstSql = listMatchesQuery(h.db, local, { limit: PAGE }).toSQL();
    const filteredSql = listMatchesQuery(h.db, local, { limit: PAGE, level: LEVEL }).toSQL();
    let bare: Child | undefined;
    if (db.url) {
      bare = await startNode(
        ['--import', 'tsx', 'bench/bare-server.ts'],
        {
          ...runtimeEnv,
          BENCH_DATABASE_URL: db.url,
          DB_POOL_SIZE: String(POOL),
          BENCH_BARE_QUERIES: JSON.stringify({
            first: { text: firstSql.sql, params: firstSql.params.slice(2) },
            filtered: { text: filteredSql.sql, params: filteredSql.params.slice(2) },
          }),
        },
        '/list/first',
      );
      servers.push(bare);
    }

    const trpcList = (input: object) => `/trpc/matches.list?input=${encodeURIComponent(JSON.stringify(input))}`;
    const targets: { name: string; url: string | undefined }[] = [
      { name: 'bare first page', url: bare && `${bare.url}/list/first` },
      { name: 'REST first page', url: `${app.url}/api/matches?limit=${PAGE}` },
      { name: 'tRPC first page', url: `${app.url}${trpcList({ limit: PAGE })}` },
      { name: 'bare filtered page', url: bare && `${bare.url}/list/filtered` },
      { name: 'REST filtered page', url: `${app.url}/api/matches?limit=${PAGE}&level=${encodeURIComponent(LEVEL)}` },
      { name: 'tRPC filtered page', url: `${app.url}${trpcList({ limit: PAGE, level: LEVEL })}` },
    ];

    // Same bytes: the bare route must answer exactly what REST answers.
    const sameBytes: Record<string, boolean> = {};
    const answerBytes: Record<string, { identity: number; gzip: number; br: number }> = {};
    for (const page of ['first', 'filtered'] as const) {
      const restUrl = targets.find((t) => t.name === `REST ${page} page`)!.url!;
      const rest = await (await fetch(restUrl)).text();
      if (bare) sameBytes[page] = rest === (await (await fetch(`${bare.url}/list/${page}`)).text());
      answerBytes[page] = {
        identity: await encodedSize(restUrl, 'identity'),
        gzip: await encodedSize(restUrl, 'gzip'),
        br: await encodedSize(restUrl, 'br'),
      };
      const count = (JSON.parse(rest) as unknown[]).length;
      if (count !== PAGE) throw new Error(`REST ${page} page has ${count} matches, not ${PAGE}`);
    }
    log(`same JSON bytes from REST and the bare route: ${bare ? JSON.stringify(sameBytes) : 'n/a (PGlite)'}`);

    // 1–2. Lists, interleaved: every target once per round, after one warm-up second each.
    for (const t of targets) if (t.url) await load({ url: t.url, connections: LIST_CONNECTIONS, duration: 1 });
    const listRounds: Record<string, Figure[]> = {};
    for (let r = 0; r < ROUNDS; r++) {
      for (const t of targets) {
        if (!t.url) continue;
        (listRounds[t.name] ??= []).push(await load({ url: t.url, connections: LIST_CONNECTIONS, duration: SECONDS }));
      }
      log(`list round ${r + 1}/${ROUNDS} done`);
    }
    const lists = Object.fromEntries(Object.entries(listRounds).map(([k, v]) => [k, medianFigure(v)]));

    // 3. Joins: the app over HTTP vs the same conditional UPDATE + INSERT from postgres.js.
    if (db.url) raw = postgres(db.url, { max: POOL, onnotice: () => {} });
    const rawJoin = (matchId: number, userId: number) => async () =>
      raw!
        .begin(async (tx) => {
          const taken = await tx`update matches set missing_players = missing_players - 1, updated_at = now()
                                  where id = ${matchId} and missing_players > 0 returning id`;
          if (taken.length === 0) return;
          const ins = await tx`insert into match_participants (match_id, user_id, joined_at) values (${matchId}, ${userId}, now())
                               on conflict do nothing returning user_id`;
          if (ins.length === 0) throw new Error('already in');
        })
        .then(() => true);
    const appJoins = (ids: number[], attempts: number) =>
      load({
        url: app.url,
        connections: JOIN_CONNECTIONS,
        amount: attempts,
        method: 'POST',
        expected: [200, 409],
        request: (k) => ({
          path: `/api/matches/${ids[k % ids.length]}/join`,
          headers: { authorization: `Bearer ${tokens[k % tokens.length]}`, 'content-type': 'application/json' },
          body: '{}',
        }),
      });
    const joinRounds: Record<string, Figure[]> = {};
    const push = (k: string, f: Figure) => (joinRounds[k] ??= []).push(f);
    for (const r of rounds) {
      push('app joins (200 matches)', await appJoins(r.app, JOIN_ATTEMPTS));
      if (raw)
        push(
          'raw joins (200 matches)',
          await loop(JOIN_ATTEMPTS, JOIN_CONNECTIONS, (k) => rawJoin(r.raw[k % JOIN_MATCHES]!, joiners[k]!)()),
        );
      push('app joins (1 hot match)', await appJoins(r.hot, HOT_ATTEMPTS));
      if (raw) push('raw joins (1 hot match)', await loop(HOT_ATTEMPTS, JOIN_CONNECTIONS, (k) => rawJoin(r.rawHot[0]!, joiners[k]!)()));
    }
    const joins = Object.fromEntries(Object.entries(joinRounds).map(([k, v]) => [k, medianFigure(v)]));
    const check = postgres(db.url ?? '', { max: 1, onnotice: () => {} });
    const occupancy = async (ids: number[]) => {
      if (!db.url) return { overbooked: NaN, inconsistent: NaN, taken: NaN };
      const [row] = await check<{ overbooked: number; inconsistent: number; taken: number }[]>`
        select count(*) filter (where p > slots)::int as overbooked,
               count(*) filter (where p <> slots - missing_players)::int as inconsistent,
               coalesce(sum(p), 0)::int as taken
          from (select m.slots, m.missing_players, (select count(*) from match_participants mp where mp.match_id = m.id) as p
                  from matches m where m.id = any(${pgArray(ids)}::int[])) x`;
      return row!;
    };
    const appIds = rounds.flatMap((r) => [...r.app, ...r.hot]);
    const rawIds = rounds.flatMap((r) => [...r.raw, ...r.rawHot]);

    // 4. Login by e-mail + PIN vs raw argon2.verify with the same hash, both at c=4.
    const loginRounds: Record<string, Figure[]> = {};
    let loginUser = 0;
    for (let r = 0; r < ROUNDS; r++) {
      (loginRounds['login by e-mail + PIN'] ??= []).push(
        await load({
          url: app.url,
          connections: LOGIN_CONNECTIONS,
          amount: LOGINS,
          method: 'POST',
          request: () => ({
            path: '/api/auth/login-by-email',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `bench${5000 + (loginUser++ % 4000)}@example.fr`, pin: PIN, deviceId: 'bench' }),
          }),
        }),
      );
      (loginRounds['raw argon2.verify'] ??= []).push(
        await loop(LOGINS, LOGIN_CONNECTIONS, async () => argon2.verify(pinHash, PIN, { secret: pepper })),
      );
    }
    const logins = Object.fromEntries(Object.entries(loginRounds).map(([k, v]) => [k, medianFigure(v)]));

    // 7. The notice pipeline (bench/outbox.ts: its own database, SMTP sink and servers).
    const outbox = await benchOutbox();

    // 6. Client: what `/` loads, and its FCP under throttling against a minimal page.
    const assets = initialAssets(join(ROOT, 'dist/client'));
    const fcp = await measureFcp(app.url, ROUNDS);
    // 7. Lighthouse (mobile) on / and on the share page of a match (bench/lighthouse.ts).
    const lighthouse = await measureLighthouse(app.url, rounds[0]!.hot[0]!);

    // 5. Peak memory of the server over the whole run.
    const peakRssMb = app.peakRssMb();
    // 7. Cost growth: the list at 1,000,000 matches beside these 100,000 (PostgreSQL; BENCH_SCALE=0 skips it).
    const scale =
      db.url && process.env.BENCH_SCALE !== '0'
        ? await costGrowth({
            baseUrl: process.env.DATABASE_URL!,
            small: app,
            serverArgs: [...prof, ...server.args],
            env: appEnv,
            local,
            pinHash,
            players: PLAYERS,
            places: PLACES,
            upcoming: UPCOMING,
            page: PAGE,
            level: LEVEL,
            rounds: ROUNDS,
            seconds: SECONDS,
            connections: LIST_CONNECTIONS,
          })
        : undefined;
    const appOccupancy = await occupancy(appIds);
    const rawOccupancy = await occupancy(rawIds);
    await check.end();

    const ratio = (a: Figure | undefined, b: Figure | undefined, k: keyof Figure) => (a && b ? a[k] / b[k] : NaN);
    const budgets: Budget[] = [];
    for (const page of ['first', 'filtered']) {
      const b = lists[`bare ${page} page`];
      budgets.push(budget(`REST ${page} page req/s vs bare`, ratio(lists[`REST ${page} page`], b, 'rps'), '>=', 0.8));
      budgets.push(budget(`tRPC ${page} page req/s vs bare`, ratio(lists[`tRPC ${page} page`], b, 'rps'), '>=', 0.5));
      budgets.push(budget(`REST ${page} page p99 vs bare p99`, ratio(lists[`REST ${page} page`], b, 'p99'), '<=', 1.5));
    }
    budgets.push(
      budget(
        'joins (200 matches) vs raw loop',
        ratio(joins['app joins (200 matches)'], joins['raw joins (200 matches)'], 'rps'),
        '>=',
        0.25,
      ),
    );
    budgets.push(budget('overbooked matches (app)', appOccupancy.overbooked + appOccupancy.inconsistent, '<=', 0, ''));
    budgets.push(
      budget('login req/s vs raw verify', ratio(logins['login by e-mail + PIN'], logins['raw argon2.verify'], 'rps'), '>=', 0.8),
    );
    budgets.push(
      budget('login p50 vs raw verify p50', ratio(logins['login by e-mail + PIN'], logins['raw argon2.verify'], 'p50'), '<=', 1.3),
    );
    budgets.push(budget('server peak RSS', peakRssMb, '<=', 250, ' MB'));
    budgets.push(budget('initial JS gzip', assets.jsGzip / 1024, '<=', 130, ' KB'));
    budgets.push(budget('admin screens in the initial JS', assets.adminInInitial ? 1 : 0, '<=', 0, ''));
    budgets.push(budget('FCP of / vs minimal page', fcp.appMs / fcp.minimalMs, '<=', 1.2));
    budgets.push(...lighthouse.budgets);
    budgets.push(...(outbox?.budgets ?? []));
    budgets.push(...(scale?.budgets ?? []));

    console.log(`\nPadel Match benchmark — ${db.label}, Node ${serverNode} (servers), ${cpus().length} CPUs, ${server.label}`);
    console.log(`medians of ${ROUNDS} interleaved rounds; lists ${SECONDS} s at c=${LIST_CONNECTIONS}, ${PAGE} matches a page\n`);
    const figureRow = (name: string, f: Figure, base?: Figure) => [
      name,
      fmt(f.rps, 0),
      fmt(f.p50),
      fmt(f.p99),
      String(f.errors),
      base ? `${fmt(f.rps / base.rps)}×` : '',
      base ? `${fmt(f.p99 / base.p99)}×` : '',
    ];
    printTable(
      ['figure', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s ratio', 'p99 ratio'],
      [
        ...Object.entries(lists).map(([k, f]) => figureRow(k, f, k.startsWith('bare') ? undefined : lists[`bare ${k.split(' ')[1]} page`])),
        ...Object.entries(joins).map(([k, f]) => figureRow(k, f, k.startsWith('app') ? joins[k.replace('app', 'raw')] : undefined)),
        ...Object.entries(logins).map(([k, f]) => figureRow(k, f, k.startsWith('login') ? logins['raw argon2.verify'] : undefined)),
      ],
    );
    console.log(
      `\njoins: app ${appOccupancy.taken} places taken, ${appOccupancy.overbooked} overbooked, ${appOccupancy.inconsistent} inconsistent; raw ${rawOccupancy.taken} taken, ${rawOccupancy.overbooked} overbooked`,
    );
    console.log(
      `list answer (first page): ${answerBytes.first?.identity} B, gzip ${answerBytes.first?.gzip} B, brotli ${answerBytes.first?.br} B; peak RSS ${fmt(peakRssMb, 0)} MB`,
    );
    console.log(
      `initial assets of /: JS ${fmt(assets.jsRaw / 1024, 1)} KB (gzip ${fmt(assets.jsGzip / 1024, 1)}, brotli ${fmt(assets.jsBrotli / 1024, 1)}), CSS ${fmt(assets.cssRaw / 1024, 1)} KB (gzip ${fmt(assets.cssGzip / 1024, 1)}, brotli ${fmt(assets.cssBrotli / 1024, 1)})`,
    );
    console.log(`FCP of /: ${fmt(fcp.appMs, 0)} ms vs minimal page ${fmt(fcp.minimalMs, 0)} ms (4× CPU, 150 ms RTT, 1.6 Mbps)\n`);
    printLighthouse(lighthouse.pages);
    console.log('');
    if (outbox) printOutbox(outbox);
    printTable(
      ['budget', 'value', 'limit', 'holds'],
      budgets.map((b) => [
        b.name,
        `${fmt(b.value)}${b.unit}`,
        `${b.op} ${b.limit}${b.unit}`,
        Number.isFinite(b.value) ? (b.holds ? 'yes' : 'NO') : 'n/a',
      ]),
    );

    const date = new Date().toISOString().slice(0, 10);
    // Another Node for the servers (BENCH_NODE) writes its own file: `<date>-node22.json`.
    const nodeTag = serverNode === process.version ? '' : `-node${serverNode.slice(1).split('.')[0]}`;
    const file = join(ROOT, 'bench/results', `${date}${nodeTag}.json`);
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    const results = {
      date: new Date().toISOString(),
      node: serverNode,
      benchNode: process.version,
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      database: db.label,
      server: server.label,
      runtime: runtimeEnv,
      rounds: ROUNDS,
      seed: { players: PLAYERS, places: PLACES, matches: MATCHES, upcoming: counts?.upcoming, participants: counts?.participants },
      lists: {
        connections: LIST_CONNECTIONS,
        seconds: SECONDS,
        page: PAGE,
        filter: { level: LEVEL },
        sameBytes,
        answerBytes,
        figures: lists,
      },
      joins: {
        connections: JOIN_CONNECTIONS,
        attempts: JOIN_ATTEMPTS,
        hotAttempts: HOT_ATTEMPTS,
        slots: JOIN_SLOTS,
        figures: joins,
        app: appOccupancy,
        raw: rawOccupancy,
      },
      logins: { connections: LOGIN_CONNECTIONS, perRound: LOGINS, figures: logins },
      peakRssMb,
      client: { assets, fcp, lighthouse: lighthouse.pages },
      outbox: outbox?.figures,
      scale: scale?.result,
      budgets,
      seconds: (performance.now() - started) / 1000,
    };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    const failed = budgets.filter((b) => Number.isFinite(b.value) && !b.holds);
    console.log(
      `\n${file.slice(ROOT.length)} written; ${failed.length ? `${failed.length} budget(s) NOT held` : 'every measured budget holds'}; ${fmt(results.seconds, 0)} s`,
    );
    if (failed.length) process.exitCode = 1;
  } finally {
    await raw?.end({ timeout: 2 });
    for (const s of servers) await s.stop();
    await db.drop();
  }
}

await main();
