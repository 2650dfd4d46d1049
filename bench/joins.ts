import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { addDays } from '../common/schedule';
import { rowsOf, type Db } from '../db/client';
import {
  HOT_ATTEMPTS,
  JOIN_ATTEMPTS,
  JOIN_CONNECTIONS,
  JOIN_MATCHES,
  JOIN_SLOTS,
  POOL,
  ROUNDS,
  pgArray,
} from './config';
import { load, loop } from './http';
import type { BenchSeed } from './seed';
import { cpuSince, medianSplit, type CpuSplit } from './cpu';
import { medianFigure, type Figure } from './stats';

/** Fresh matches to join in one round: many for the app and the raw loop, and one hot match each. */
export interface JoinRound {
  app: number[];
  raw: number[];
  hot: number[];
  rawHot: number[];
}

export interface JoinSetup {
  /** Joined before the measured rounds, by the app and by the raw loop, and not counted. */
  warmup: JoinRound;
  rounds: JoinRound[];
  /** The players who join, one session token each (sent as `Authorization: Bearer`). */
  joiners: number[];
  tokens: string[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Writes the join targets (per round, JOIN_MATCHES + 1 hot matches for the app and as many for the
 * raw loop, 10 days ahead) and a session for each joiner.
 */
export async function prepareJoins(db: Db, seed: BenchSeed, today: string): Promise<JoinSetup> {
  const creator = seed.userIds[0]!;
  const joiners = seed.userIds.slice(1, 1 + JOIN_ATTEMPTS);
  const newMatches = async (n: number) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
        select ${seed.placeIds[0]!}, ${addDays(today, 10)}::date, time '18:00', '["Niveau 3"]'::jsonb, ${JOIN_SLOTS}, ${JOIN_SLOTS}, ${creator}
          from generate_series(1, ${n}) returning id`),
    ).map((r) => r.id);
  const round = async (): Promise<JoinRound> => ({
    app: await newMatches(JOIN_MATCHES),
    raw: await newMatches(JOIN_MATCHES),
    hot: await newMatches(1),
    rawHot: await newMatches(1),
  });
  const warmup = await round();
  const rounds: JoinRound[] = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await round());
  const tokens = joiners.map((id) => `bench-${id}-${randomBytes(8).toString('hex')}`);
  await db.execute(sql`
    insert into sessions (token_hash, user_id, expires_at)
    select t, u, now() + interval '1 day' from unnest(${pgArray(tokens.map(hashToken))}::text[], ${pgArray(joiners)}::int[]) as x(t, u)`);
  return { warmup, rounds, joiners, tokens };
}

/**
 * The raw join, the ceiling of a join on our stack: the same conditional UPDATE + INSERT in one
 * transaction from postgres.js. True when the player got in.
 */
export const rawJoin = (sqlClient: postgres.Sql, matchId: number, userId: number) =>
  sqlClient
    .begin(async (tx) => {
      const taken =
        await tx`update matches set missing_players = missing_players - 1, updated_at = now()
                  where id = ${matchId} and missing_players > 0 returning id`;
      if (taken.length === 0) return;
      const ins =
        await tx`insert into match_participants (match_id, user_id, joined_at) values (${matchId}, ${userId}, now())
                 on conflict do nothing returning user_id`;
      if (ins.length === 0) throw new Error('already in');
    })
    .then(() => true);

/**
 * Joins: the app over HTTP (REST, one player per request) against the same conditional UPDATE +
 * INSERT from postgres.js (PostgreSQL only). Medians by figure over the rounds.
 */
export async function measureJoins(
  app: { url: string; pid: number },
  dbUrl: string | undefined,
  setup: JoinSetup,
): Promise<{
  figures: Record<string, Figure>;
  cpu: Record<string, CpuSplit>;
  rounds: Record<string, Figure[]>;
  /** Per round: ms from the last join's answer until every event log consumer had read its events. */
  fanOutMs: number[];
  /** Per round: p99 over the joins' events and the log's consumers of commit → consumer done (ms). */
  fanOutP99Ms: number[];
}> {
  const appUrl = app.url;
  const { rounds, joiners, tokens } = setup;
  const raw = dbUrl ? postgres(dbUrl, { max: POOL, onnotice: () => {} }) : undefined;
  try {
    const appJoins = (ids: number[], attempts: number) =>
      load({
        url: appUrl,
        connections: JOIN_CONNECTIONS,
        amount: attempts,
        method: 'POST',
        expected: [200, 409],
        request: (k) => ({
          path: `/api/matches/${ids[k % ids.length]}/join`,
          headers: {
            authorization: `Bearer ${tokens[k % tokens.length]}`,
            'content-type': 'application/json',
          },
          body: '{}',
        }),
      });
    const joinRounds: Record<string, Figure[]> = {};
    const cpuRounds: Record<string, CpuSplit[]> = {};
    // The raw loop runs in this process: its CPU is the loader's, and no server's.
    const push = async (k: string, pid: number | undefined, run: () => Promise<Figure>) => {
      const spent = pid ? cpuSince(pid) : cpuSince(process.pid);
      const f = await run();
      (joinRounds[k] ??= []).push(f);
      const c = spent(attemptsOf(k));
      (cpuRounds[k] ??= []).push(pid ? c : { ...c, server: 0, serverHelpers: 0 });
    };
    const attemptsOf = (k: string) => (k.includes('hot') ? HOT_ATTEMPTS : JOIN_ATTEMPTS);
    // As every other figure, after a warm-up: a fresh server's first 2,000 joins cost it about
    // 1.7 times the CPU of the next ones (its join path is still being compiled).
    await appJoins(setup.warmup.app, JOIN_ATTEMPTS);
    if (raw)
      await loop(JOIN_ATTEMPTS, JOIN_CONNECTIONS, (k) =>
        rawJoin(raw, setup.warmup.raw[k % JOIN_MATCHES]!, joiners[k]!),
      );
    const fanOutMs: number[] = [];
    const fanOutP99Ms: number[] = [];
    for (const r of rounds) {
      const watch = raw ? await watchConsumers(raw) : undefined;
      await push('app joins (200 matches)', app.pid, () => appJoins(r.app, JOIN_ATTEMPTS));
      if (raw) fanOutMs.push(await logDrainedMs(raw));
      if (raw && watch) fanOutP99Ms.push(await watch.p99());
      if (raw)
        await push('raw joins (200 matches)', undefined, () =>
          loop(JOIN_ATTEMPTS, JOIN_CONNECTIONS, (k) =>
            rawJoin(raw, r.raw[k % JOIN_MATCHES]!, joiners[k]!),
          ),
        );
      await push('app joins (1 hot match)', app.pid, () => appJoins(r.hot, HOT_ATTEMPTS));
      if (raw)
        await push('raw joins (1 hot match)', undefined, () =>
          loop(HOT_ATTEMPTS, JOIN_CONNECTIONS, (k) => rawJoin(raw, r.rawHot[0]!, joiners[k]!)),
        );
    }
    return {
      figures: Object.fromEntries(Object.entries(joinRounds).map(([k, v]) => [k, medianFigure(v)])),
      cpu: Object.fromEntries(Object.entries(cpuRounds).map(([k, v]) => [k, medianSplit(v)])),
      rounds: joinRounds,
      fanOutMs,
      fanOutP99Ms,
    };
  } finally {
    await raw?.end({ timeout: 2 });
  }
}

/**
 * How long after the last join every consumer of the domain event log (webhooks…) had read every
 * event: what follows from a join is done by then. Polled every 10 ms, given up after 30 s.
 */
async function logDrainedMs(sql: postgres.Sql): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < 30_000) {
    const [row] = await sql<{ behind: number }[]>`
      select count(*)::int as behind from event_cursors c
       where exists (select 1 from domain_events e where (e.tx, e.id) > (c.tx, c.event_id))`;
    if (row?.behind === 0) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 10));
  }
  return NaN;
}

/**
 * Watches every log consumer's cursor (every 10 ms, on the database's clock) from now on; `p99`
 * stops and answers, over the events written since and every consumer, the 99th percentile of the
 * time from the event's write to the first look that found the consumer past it: what follows
 * from a join (its chat line, its notices, its webhooks) was written by then.
 */
async function watchConsumers(sql: postgres.Sql) {
  const [start] = await sql<
    { id: string }[]
  >`select coalesce(max(id), 0)::text as id from domain_events`;
  const looks: { at: number; consumer: string; tx: bigint; id: bigint }[] = [];
  let watching = true;
  const polling = (async () => {
    while (watching) {
      const rows = await sql<{ at: Date; consumer: string; tx: string; event_id: string }[]>`
        select clock_timestamp() as at, consumer, tx::text, event_id::text from event_cursors`;
      for (const r of rows)
        looks.push({
          at: r.at.getTime(),
          consumer: r.consumer,
          tx: BigInt(r.tx),
          id: BigInt(r.event_id),
        });
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async p99(): Promise<number> {
      watching = false;
      await polling;
      const events = await sql<{ tx: string; id: string; at: Date }[]>`
        select tx::text, id::text, created_at as at from domain_events
         where id > ${start!.id}::bigint order by id`;
      const consumers = [...new Set(looks.map((l) => l.consumer))];
      const p99 = (v: number[]) =>
        v.length
          ? v.sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.99))]!
          : NaN;
      const lags: number[] = [];
      const each: string[] = [];
      for (const c of consumers) {
        const mine: number[] = [];
        for (const e of events) {
          const [tx, id] = [BigInt(e.tx), BigInt(e.id)];
          const seen = looks.find(
            (l) => l.consumer === c && (l.tx > tx || (l.tx === tx && l.id >= id)),
          );
          if (seen) mine.push(seen.at - e.at.getTime());
        }
        lags.push(...mine);
        each.push(`${c} ${Math.round(p99(mine))} ms`);
      }
      console.log(
        `  event log, p99 event → consumer past it: ${each.join(', ')} (${events.length} events)`,
      );
      return p99(lags);
    },
  };
}

export interface Occupancy {
  overbooked: number;
  inconsistent: number;
  taken: number;
}

/** Places taken in the matches `ids`, and how many are overbooked or disagree with their count (NaN on PGlite). */
export async function countOccupancy(dbUrl: string | undefined, ids: number[]): Promise<Occupancy> {
  if (!dbUrl) return { overbooked: NaN, inconsistent: NaN, taken: NaN };
  const check = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await check<Occupancy[]>`
      select count(*) filter (where p > slots)::int as overbooked,
             count(*) filter (where p <> slots - missing_players)::int as inconsistent,
             coalesce(sum(p), 0)::int as taken
        from (select m.slots, m.missing_players, (select count(*) from match_participants mp where mp.match_id = m.id) as p
                from matches m where m.id = any(${pgArray(ids)}::int[])) x`;
    if (!row) throw new Error('the occupancy query answered no row');
    return row;
  } finally {
    await check.end();
  }
}
