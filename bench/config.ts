/**
 * The bench's sizes and settings. A short run, to check that it still runs end to end (its figures
 * mean little): BENCH_ROUNDS=1 BENCH_SECONDS=1 BENCH_MATCHES=10000 BENCH_LOGINS=20, with
 * BENCH_SCALE=0 (no 1M-match database) and BENCH_NOTICES=200 (bench/outbox.ts).
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const POOL = Number(process.env.DB_POOL_SIZE ?? 10);
export const SECRET = 'bench-secret-that-is-long-enough-0123456789';
export const PIN = '4829';
export const TZ = 'Europe/Paris';
export const PLAYERS = 10_000;
export const PLACES = 50;
export const MATCHES = Number(process.env.BENCH_MATCHES ?? 100_000);
export const UPCOMING = 5_000;
export const PAGE = 100;
export const LIST_CONNECTIONS = 10;
/** The steady rate the lists' p99 is read at: well under what the bare route serves on 2 cores. */
export const LIST_RATE = Number(process.env.BENCH_LIST_RATE ?? 200);
export const JOIN_CONNECTIONS = 100;
export const JOIN_MATCHES = 200;
export const JOIN_ATTEMPTS = 2_000;
export const HOT_ATTEMPTS = 1_000;
export const JOIN_SLOTS = 4;
export const LOGIN_CONNECTIONS = 4;
export const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
/** The filtered page: a level filter (the filters of the time; see the README). */
export const LEVEL = 'Niveau 3';

export const log = (s: string) => console.log(`[bench] ${s}`);
export const pgArray = (xs: (string | number)[]) => `{${xs.join(',')}}`;
