/**
 * The ceiling of our stack for `npm run bench`: a bare Fastify route on postgres.js, in its own
 * process, running the app's own list SQL (handed over by the bench as text) and answering the
 * same JSON bytes as `GET /api/matches`. No session, no validation, no ORM: what is left of a
 * request when everything the app adds is taken away.
 */
import Fastify from 'fastify';
import postgres from 'postgres';
import { shortPublicName } from '../common/names';
import { localParts } from '../common/schedule';

interface BareQuery {
  text: string;
  /** Parameters after the local date and time, which are computed per request as the app does. */
  params: unknown[];
}

const queries = JSON.parse(process.env.BENCH_BARE_QUERIES ?? '{}') as Record<string, BareQuery>;
const sql = postgres(process.env.BENCH_DATABASE_URL ?? '', {
  max: Number(process.env.DB_POOL_SIZE ?? 10),
  onnotice: () => {},
});
// Dates, times and JSON parameters pass through as drizzle configures postgres.js.
for (const oid of [1082, 1083, 1114, 1184]) sql.options.parsers[oid] = (v: string) => v;
for (const oid of [1082, 1083, 1114, 1184, 114, 3802])
  sql.options.serializers[oid] = (v: unknown) => String(v);

/** The local date and time the list starts from, as the app computes them (its own pure function). */
function localNow() {
  const { date, time } = localParts(new Date(), 'Europe/Paris');
  return [date, time];
}

/** A card as the app's list SQL answers it: one JSON object per row (see `jsonObject`). */
interface Card {
  id: number;
  place_id: number;
  place_name: string;
  address: string;
  city: string;
  date: string;
  time: string;
  levels: string[];
  slots: number;
  missing_players: number;
  created_by: number;
  creator_name: string;
  participant_ids: number[];
}

const app = Fastify({ logger: false });
app.setErrorHandler((err, _req, reply) => {
  console.error(err);
  return reply.code(500).send({ error: String(err) });
});
app.get<{ Params: { name: string } }>('/list/:name', async (req, reply) => {
  const q = queries[req.params.name];
  if (!q) return reply.code(404).send({ error: 'unknown query' });
  const rows = (await sql
    .unsafe(q.text, [...localNow(), ...q.params] as never[], { prepare: true })
    .values()) as unknown as [Card][];
  const limit = rows.length > 0 ? Math.min(rows.length, (q.params.at(-1) as number) - 1) : 0;
  const out = [];
  for (let i = 0; i < limit; i++) {
    const [r] = rows[i]!;
    out.push({
      id: r.id,
      place_id: r.place_id,
      place_name: r.place_name,
      address: r.address,
      city: r.city,
      date: r.date,
      time: `${r.time.slice(0, 5)}:00`,
      levels: JSON.stringify(r.levels),
      slots: r.slots,
      missing_players: r.missing_players,
      created_by: r.created_by,
      creator_name: shortPublicName(r.creator_name),
      participants: r.participant_ids.map((user_id) => ({ user_id })),
    });
  }
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(out));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once(
  'SIGTERM',
  () => void app.close().then(() => sql.end({ timeout: 2 }).then(() => process.exit(0))),
);
