/**
 * The notice pipeline: notices per second one server instance sends to a local SMTP sink, with one
 * instance and with two on the same PostgreSQL database (each tells the sink who it is through
 * MAIL_FROM, so every instance's share is counted), and no notice sent twice. The servers are the
 * production build in their own processes (NODE_ENV=production, OUTBOX_CONCURRENCY default); each
 * notice belongs to a player, so the worker reads their preference and adds the unsubscribe link
 * as it does for real ones. Time runs from the commit of the notices to the last mail at the sink.
 *
 * Part of `npm run bench`; alone: `DATABASE_URL=postgres://… npx tsx bench/outbox.ts` writes
 * bench/results/<date>-outbox.json. Needs PostgreSQL (two processes on one database).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';
import { createDb } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { ROOT, imageRuntimeEnv, serverNodeVersion, startNode, type Child } from './processes';
import { budget, fmt, printTable, type Budget } from './stats';
import { createScratchDatabase } from './database';

const NOTICES = Number(process.env.BENCH_NOTICES ?? 3000);
const PLAYERS = 500;
/** The goal: a tenfold burst must not outgrow one instance. */
const PER_INSTANCE_GOAL = 200;

export interface OutboxFigure {
  instances: number;
  notices: number;
  seconds: number;
  /** Notices per second per instance. */
  perInstance: number;
  /** Mails each instance sent (by its MAIL_FROM). */
  shares: number[];
  duplicates: number;
  /**
   * CPU the server processes spent per notice (user + system): what a notice costs whatever else
   * the machine runs; 1000 / this is the ceiling of one instance on a free core.
   */
  cpuMsPerNotice: number;
}

/** CPU time (user + system) a process has used, in ms (Linux clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

export interface OutboxBench {
  figures: OutboxFigure[];
  budgets: Budget[];
}

/** A local SMTP sink (smtp-server) counting mails by sender and by notice. */
async function startSink() {
  const bySender = new Map<string, number>();
  const byNotice = new Map<string, number>();
  let received = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString('latin1')));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        bySender.set(from, (bySender.get(from) ?? 0) + 1);
        const notice = /bench-notice-(\d+)/.exec(body)?.[1] ?? '?';
        byNotice.set(notice, (byNotice.get(notice) ?? 0) + 1);
        received++;
        last = performance.now();
        cb();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    last: () => last,
    share: (from: string) => bySender.get(from) ?? 0,
    duplicates: () => [...byNotice.values()].filter((n) => n > 1).length,
    reset: () => {
      bySender.clear();
      byNotice.clear();
      received = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const log = (s: string) => console.log(`[bench:outbox] ${s}`);

/** One and two instances against the sink; undefined without PostgreSQL. */
export async function benchOutbox(): Promise<OutboxBench | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    log('skipped: two server processes on one database need PostgreSQL (set DATABASE_URL)');
    return undefined;
  }
  const scratch = await createScratchDatabase(base, 'padel_bench_outbox');
  const { url } = scratch;
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-bench-outbox-'));
  const sink = await startSink();
  const sqlc = postgres(url, { max: 1, onnotice: () => {} });
  const servers: Child[] = [];
  try {
    const handle = await createDb({ url, max: 2 });
    await runMigrations(handle, url);
    await seedDefaults(handle.db);
    await handle.close();
    await sqlc`insert into users (name, email, phone, pin_hash)
               select 'Joueur ' || i, 'bench-outbox-' || i || '@example.fr', '+3360000' || lpad(i::text, 4, '0'), 'x'
                 from generate_series(1, ${PLAYERS}::int) i`;
    const entry = existsSync(join(ROOT, 'dist/server/index.js'))
      ? ['dist/server/index.js']
      : ['--import', 'tsx', 'server/index.ts'];
    const env = (k: number) => ({
      ...imageRuntimeEnv(),
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://padel.example.fr',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      MAIL_FROM: `instance-${k}@bench.example.fr`,
      OUTBOX_INTERVAL_MS: '50',
      RETENTION_INTERVAL_MINUTES: '0',
    });

    const figures: OutboxFigure[] = [];
    let next = 0;
    for (const instances of [1, 2]) {
      while (servers.length < instances)
        servers.push(await startNode(entry, env(servers.length + 1), '/healthz'));
      const notices = NOTICES * instances;
      sink.reset();
      const first = next;
      next += notices;
      const cpu0 = servers.map((s) => cpuMs(s.pid));
      const t0 = performance.now();
      await sqlc`insert into outbox (channel, event, user_id, recipient, subject, body)
                 select 'email', 'joined', u.id, u.email, 'Nouveau joueur dans votre match',
                        'Joueur ' || i || ' a rejoint votre match du 12/06 à 19:00. bench-notice-' || i
                   from generate_series(${first}::int, ${first + notices - 1}::int) i
                   join users u on u.email = 'bench-outbox-' || (i % ${PLAYERS} + 1) || '@example.fr'`;
      const deadline = Date.now() + 120_000;
      while (sink.received() < notices && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      const seconds = (sink.last() - t0) / 1000;
      const cpu = servers.reduce((n, s, k) => n + cpuMs(s.pid) - cpu0[k]!, 0);
      // Give a duplicate, if any, the time to arrive.
      await new Promise((r) => setTimeout(r, 500));
      const figure = {
        instances,
        notices,
        seconds,
        perInstance: sink.received() / seconds / instances,
        shares: servers.map((_, k) => sink.share(`instance-${k + 1}@bench.example.fr`)),
        duplicates: sink.duplicates() + Math.max(0, sink.received() - notices),
        cpuMsPerNotice: cpu / notices,
      };
      if (sink.received() < notices)
        throw new Error(`only ${sink.received()} of ${notices} notices reached the sink in 120 s`);
      log(
        `${instances} instance(s): ${notices} notices in ${fmt(seconds)} s, ${fmt(figure.perInstance, 0)}/s per instance, ${fmt(figure.cpuMsPerNotice)} ms CPU per notice`,
      );
      figures.push(figure);
    }
    const budgets = [
      ...figures.map((f) =>
        budget(
          `notices/s per instance, ${f.instances} instance(s)`,
          f.perInstance,
          '>=',
          PER_INSTANCE_GOAL,
          '/s',
        ),
      ),
      budget(
        'notices sent twice',
        figures.reduce((n, f) => n + f.duplicates, 0),
        '<=',
        0,
        '',
      ),
    ];
    return { figures, budgets };
  } finally {
    for (const s of servers) await s.stop();
    await sqlc.end();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

export function printOutbox(r: OutboxBench) {
  printTable(
    [
      'notice pipeline (local SMTP sink)',
      'notices',
      'seconds',
      'per instance /s',
      'CPU ms / notice',
      'per instance sent',
      'twice',
    ],
    r.figures.map((f) => [
      `${f.instances} instance(s)`,
      String(f.notices),
      fmt(f.seconds),
      fmt(f.perInstance, 0),
      fmt(f.cpuMsPerNotice),
      f.shares.join(' / '),
      String(f.duplicates),
    ]),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchOutbox();
  if (r) {
    console.log(
      `\nNotice pipeline — Node ${serverNodeVersion()} (servers), ${cpus().length} CPUs\n`,
    );
    printOutbox(r);
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
    const file = join(
      ROOT,
      'bench/results',
      `${new Date().toISOString().slice(0, 10)}-outbox.json`,
    );
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
