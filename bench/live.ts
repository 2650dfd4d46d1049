/**
 * Live updates: 2,000 concurrent SSE subscribers (`GET /api/matches/{id}/events`, each its own
 * account) on one match of one server instance; a player joins and leaves that match over the
 * REST API, and each change is timed from the moment its request is sent (so the commit is inside
 * the figure) to the moment the LAST subscriber has the new state. Also the server's memory per
 * open stream (RSS growth over the 2,000 streams), and a two-instance round: half the subscribers
 * on a second server process on the same database, the changes still made on the first, so each
 * one crosses PostgreSQL's LISTEN/NOTIFY.
 *
 * Part of `npm run bench`; alone: `DATABASE_URL=postgres://… npx tsx bench/live.ts` writes
 * bench/results/<date>-live.json. Needs PostgreSQL (two processes on one database).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { createDb } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { createScratchDatabase } from './database';
import { ROOT, imageRuntimeEnv, serverNodeVersion, startNode, type Child } from './processes';
import { budget, fmt, printTable, type Budget } from './stats';

const SUBSCRIBERS = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 2000);
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 20);
/** Changes made before the timed ones in each round: the first ones pay for compiling the fan-out path. */
const WARMUP = 3;
const P99_GOAL_MS = 250;
/** Phones watching an evening while its scores are entered (issue 40). */
const EVENING_PHONES = 64;
const KB_PER_CONNECTION_GOAL = 30;

export interface LiveRound {
  /** What the subscribers watch: the match page, or an evening's page (64 phones, score entries). */
  subject: 'match' | 'evening';
  instances: number;
  subscribers: number;
  changes: number;
  /** Per change: ms from the join/leave request to the last subscriber holding the new state. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The same, for the subscribers on the second instance only (two-instance round). */
  p99OtherInstanceMs?: number;
}

export interface LiveBench {
  rounds: LiveRound[];
  /** Server RSS growth per open stream, in KB. */
  kbPerConnection: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  budgets: Budget[];
}

const log = (s: string) => console.log(`[bench:live] ${s}`);
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const tokenOf = (i: number) => `bench-live-token-${i}-0123456789abcdef`;
const hashToken = (t: string) => createHash('sha256').update(t).digest('base64url');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

/** One SSE subscriber: counts `event` frames (`match`, `evening`) and keeps when the latest arrived. */
interface Subscriber {
  events: number;
  lastAt: number;
  server: number;
  close: () => void;
}

function subscribe(
  agent: Agent,
  url: string,
  token: string,
  server: number,
  event = 'match',
): Promise<Subscriber> {
  const marker = `event: ${event}\n`;
  return new Promise((resolve, reject) => {
    const sub: Subscriber = { events: 0, lastAt: 0, server, close: () => {} };
    const req = get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE ${res.statusCode}`));
      let tail = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const text = tail + chunk;
        let at = text.indexOf(marker);
        while (at >= 0) {
          sub.events++;
          sub.lastAt = performance.now();
          at = text.indexOf(marker, at + 1);
        }
        tail = text.slice(-marker.length);
        if (sub.events === 1) resolve(sub);
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
    sub.close = () => req.destroy();
  });
}

/**
 * A started Americano evening of 16 players (users 3..18) made by user 1 over the API, and a
 * change that enters, in turn, two scores of its first game by one of its players (each time the
 * score it replaces as `previous`, as the page sends it).
 */
async function startedEvening(
  url: string,
  placeId: number,
  ids: readonly { id: number }[],
  date: string,
) {
  const call = async (token: string, method: string, path: string, body: unknown) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}`);
    return res.json() as Promise<{ id: number; evening: { rounds: { games: Game[] }[] } }>;
  };
  type Game = { id: number; teams: [[number, number], [number, number]] };
  const made = await call(tokenOf(0), 'POST', '/evenings', {
    format: 'americano',
    place_id: placeId,
    date,
    time: '19:00',
    levels: ['Niveau 3'],
    courts: 4,
    max_players: 16,
    points_per_game: 24,
  });
  for (let i = 3; i < 19; i++) await call(tokenOf(i), 'POST', `/evenings/${made.id}/join`, {});
  const started = await call(tokenOf(0), 'POST', `/evenings/${made.id}/start`, {});
  const game = started.evening.rounds[0]!.games[0]!;
  const by = tokenOf(ids.findIndex((u) => u.id === game.teams[0][0]));
  let previous: [number, number] | null = null;
  return {
    id: made.id,
    enterScore: async () => {
      const score: [number, number] = previous?.[0] === 15 ? [9, 15] : [15, 9];
      await call(by, 'PUT', `/evenings/${made.id}/games/${game.id}/score`, { score, previous });
      previous = score;
    },
  };
}

async function waitAll(subs: Subscriber[], events: number, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  while (subs.some((s) => s.events < events)) {
    if (performance.now() > deadline)
      throw new Error(
        `${subs.filter((s) => s.events < events).length} subscribers without event ${events}`,
      );
    await new Promise((r) => setImmediate(r));
  }
}

export async function benchLive(): Promise<LiveBench | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    log('skipped: the two-instance round needs PostgreSQL (set DATABASE_URL)');
    return undefined;
  }
  const scratch = await createScratchDatabase(base, 'padel_bench_live');
  const { url } = scratch;
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-bench-live-'));
  const sqlc = postgres(url, { max: 1, onnotice: () => {} });
  const servers: Child[] = [];
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  let subs: Subscriber[] = [];
  try {
    const handle = await createDb({ url, max: 2 });
    await runMigrations(handle, url);
    await seedDefaults(handle.db);
    await handle.close();
    // Players 1 (organiser) and 2 (the one who joins and leaves), then one per subscriber.
    const users = SUBSCRIBERS + 2;
    await sqlc`insert into users (name, email, phone, pin_hash, level)
               select 'Joueur ' || i, 'bench-live-' || i || '@example.fr', '+3361' || lpad(i::text, 7, '0'), 'x', 'Niveau 3'
                 from generate_series(1, ${users}::int) i`;
    const ids = await sqlc<{ id: number }[]>`select id from users order by id`;
    const rows = ids.map((u, i) => ({
      token_hash: hashToken(tokenOf(i)),
      user_id: u.id,
      expires_at: new Date(Date.now() + 86_400_000),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await sqlc`insert into sessions ${sqlc(rows.slice(i, i + 1000), 'token_hash', 'user_id', 'expires_at')}`;
    const [place] = await sqlc<{ id: number }[]>`
      insert into places (name, address, city) values ('Club Direct', '1 rue du Padel', 'Paris') returning id`;
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const [match] = await sqlc<{ id: number }[]>`
      insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
      values (${place!.id}, ${tomorrow}, '19:00', '["Niveau 3"]'::jsonb, 3, 3, ${ids[0]!.id})
      returning id`;
    const matchId = match!.id;

    const env = {
      ...imageRuntimeEnv(),
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://padel.example.fr',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      OUTBOX_INTERVAL_MS: '0',
      RETENTION_INTERVAL_MINUTES: '0',
    };
    const entry = ['dist/server/index.js'];
    servers.push(await startNode(entry, env, '/healthz'));
    const a = servers[0]!;
    const joinerToken = tokenOf(1);
    let joined = false;
    const change = async () => {
      const res = await fetch(`${a.url}/api/matches/${matchId}/${joined ? 'leave' : 'join'}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${joinerToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status !== 200) throw new Error(`join/leave answered ${res.status}`);
      await res.arrayBuffer();
      joined = !joined;
    };
    const eventsUrl = (s: Child) => `${s.url}/api/matches/${matchId}/events`;

    /** Opens the subscribers (a few hundred at a time), `onSecond` of them on the second server. */
    const open = async (onSecond: number) => {
      const out: Subscriber[] = [];
      for (let i = 0; i < SUBSCRIBERS; i += 200) {
        const batch = [];
        for (let k = i; k < Math.min(i + 200, SUBSCRIBERS); k++) {
          const server = k < SUBSCRIBERS - onSecond ? 0 : 1;
          batch.push(subscribe(agent, eventsUrl(servers[server]!), tokenOf(k + 2), server));
        }
        out.push(...(await Promise.all(batch)));
      }
      return out;
    };
    const round = async (
      instances: number,
      subject: LiveRound['subject'] = 'match',
      act = change,
    ): Promise<LiveRound> => {
      const latencies: number[] = [];
      const other: number[] = [];
      for (let c = 0; c < WARMUP + CHANGES; c++) {
        await new Promise((r) => setTimeout(r, 50));
        const expected = c + 2;
        const t0 = performance.now();
        await act();
        await waitAll(subs, expected);
        if (c < WARMUP) continue;
        latencies.push(Math.max(...subs.map((s) => s.lastAt)) - t0);
        if (instances > 1)
          other.push(Math.max(...subs.filter((s) => s.server === 1).map((s) => s.lastAt)) - t0);
      }
      const r: LiveRound = {
        subject,
        instances,
        subscribers: subs.length,
        changes: CHANGES,
        p50Ms: quantile(latencies, 0.5),
        p99Ms: quantile(latencies, 0.99),
        maxMs: Math.max(...latencies),
        ...(instances > 1 ? { p99OtherInstanceMs: quantile(other, 0.99) } : {}),
      };
      log(
        `${subject}, ${instances} instance(s), ${subs.length} subscribers: p50 ${fmt(r.p50Ms)} ms, p99 ${fmt(r.p99Ms)} ms (max ${fmt(r.maxMs)})`,
      );
      return r;
    };

    // Settle the server before measuring its memory.
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssKb(a.pid);
    subs = await open(0);
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssKb(a.pid);
    const kbPerConnection = (after - before) / SUBSCRIBERS;
    log(
      `${SUBSCRIBERS} streams: RSS ${fmt(before / 1024)} → ${fmt(after / 1024)} MB, ${fmt(kbPerConnection)} KB per stream`,
    );
    const rounds = [await round(1)];
    for (const s of subs) s.close();
    joined = false;
    await sqlc`delete from match_participants where match_id = ${matchId}`;
    await sqlc`update matches set missing_players = slots where id = ${matchId}`;
    await new Promise((r) => setTimeout(r, 500));

    servers.push(await startNode(entry, env, '/healthz'));
    subs = await open(SUBSCRIBERS / 2);
    rounds.push(await round(2));
    for (const s of subs) s.close();

    // An evening's score reaching 64 phones watching it, 32 on each instance (issue 40).
    const evening = await startedEvening(servers[0]!.url, place!.id, ids, tomorrow);
    subs = await Promise.all(
      Array.from({ length: EVENING_PHONES }, (_, k) =>
        subscribe(
          agent,
          `${servers[k % 2]!.url}/api/evenings/${evening.id}/live`,
          tokenOf(k + 2),
          k % 2,
          'evening',
        ),
      ),
    );
    rounds.push(await round(2, 'evening', evening.enterScore));
    for (const s of subs) s.close();

    const budgets = [
      ...rounds.map((r) =>
        budget(
          `live: ${r.subject === 'evening' ? 'evening score' : 'change'} → last of ${r.subscribers} subscribers p99, ${r.instances} instance(s)`,
          r.p99Ms,
          '<=',
          P99_GOAL_MS,
          ' ms',
        ),
      ),
      budget(
        'live: server memory per open stream',
        kbPerConnection,
        '<=',
        KB_PER_CONNECTION_GOAL,
        ' KB',
      ),
    ];
    return {
      rounds,
      kbPerConnection,
      rssBeforeMb: before / 1024,
      rssAfterMb: after / 1024,
      budgets,
    };
  } finally {
    for (const s of subs) s.close();
    agent.destroy();
    for (const s of servers) await s.stop();
    await sqlc.end();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

export function printLive(r: LiveBench) {
  printTable(
    ['live updates (SSE)', 'subscribers', 'changes', 'p50 ms', 'p99 ms', 'max ms', 'p99 on B ms'],
    r.rounds.map((x) => [
      `${x.subject}, ${x.instances} instance(s)`,
      String(x.subscribers),
      String(x.changes),
      fmt(x.p50Ms),
      fmt(x.p99Ms),
      fmt(x.maxMs),
      x.p99OtherInstanceMs === undefined ? '' : fmt(x.p99OtherInstanceMs),
    ]),
  );
  console.log(
    `server RSS ${fmt(r.rssBeforeMb)} → ${fmt(r.rssAfterMb)} MB with the streams open: ${fmt(r.kbPerConnection)} KB per stream`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchLive();
  if (r) {
    console.log(`\nLive updates — Node ${serverNodeVersion()} (servers), ${cpus().length} CPUs\n`);
    printLive(r);
    console.log('');
    printTable(
      ['budget', 'value', 'limit', 'holds'],
      r.budgets.map((b) => [
        b.name,
        `${fmt(b.value)}${b.unit}`,
        `${b.op} ${b.limit}${b.unit}`,
        b.holds ? 'yes' : 'NO',
      ]),
    );
    const file = join(ROOT, 'bench/results', `${new Date().toISOString().slice(0, 10)}-live.json`);
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    const result = {
      date: new Date().toISOString(),
      node: serverNodeVersion(),
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      loadAverage: loadavg(),
      ...r,
    };
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\n${file.slice(ROOT.length)} written`);
    if (r.budgets.some((b) => !b.holds)) process.exitCode = 1;
  }
}
