// Reproduction for postgres.js 3.4.9 (sent upstream, see docs/upstream/postgres-js.md):
//   REPRO_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/postgres-js-repro.mjs
// The server terminates a connection while a transaction's statement runs on it. Expected: the
// transaction rejects, the process lives on and the client serves the next queries. Unpatched, the
// process dies of "TypeError: Cannot read properties of null (reading 'write')".
import postgres from 'postgres';

const url = process.env.REPRO_DATABASE_URL;
const sql = postgres(url, { max: 1, onnotice: () => {} });
const killer = postgres(url, { max: 1, onnotice: () => {} });

const [{ pid }] = await sql`select pg_backend_pid() as pid`;
const tx = sql.begin(async (tx) => {
  await tx`select pg_sleep(30)`;
});
// Wait until the statement runs, then end its connection from the server side.
for (;;) {
  const [{ n }] =
    await killer`select count(*)::int as n from pg_stat_activity where pid = ${pid} and wait_event = 'PgSleep'`;
  if (n > 0) break;
  await new Promise((r) => setTimeout(r, 20));
}
await killer`select pg_terminate_backend(${pid})`;

console.log(
  'transaction failed with:',
  await tx.then(
    () => 'nothing',
    (e) => e.code,
  ),
);
// The same client opens a new connection for the next queries (each given 3 s: one may hang).
const within = (p) =>
  Promise.race([p, new Promise((r) => setTimeout(r, 3000, 'no answer in 3 s'))]);
const next = () =>
  within(
    sql`select 1 as one`.then(
      ([r]) => r.one,
      (e) => e.code,
    ),
  );
console.log('next query:', await next());
console.log('query after:', await next());
process.exit(0);
