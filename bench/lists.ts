import { get } from 'node:http';
import { LEVEL, LIST_CONNECTIONS, LIST_RATE, PAGE, ROUNDS, SECONDS, log } from './config';
import { load } from './http';
import { cpuSince, medianSplit, type CpuSplit } from './cpu';
import { medianFigure, type Figure } from './stats';

export interface ListTarget {
  name: string;
  /** Undefined when the target does not run (the bare route on PGlite). */
  url: string | undefined;
  /** The process that answers, for its CPU per answer. */
  pid?: number;
}

/** The first and the filtered page through the bare route, REST and tRPC. */
export function listTargets(
  app: { url: string; pid: number },
  bare: { url: string; pid: number } | undefined,
): ListTarget[] {
  const trpcList = (input: object) =>
    `/trpc/matches.list?input=${encodeURIComponent(JSON.stringify(input))}`;
  const appUrl = app.url;
  return [
    { name: 'bare first page', url: bare && `${bare.url}/list/first`, pid: bare?.pid },
    { name: 'REST first page', url: `${appUrl}/api/matches?limit=${PAGE}`, pid: app.pid },
    { name: 'tRPC first page', url: `${appUrl}${trpcList({ limit: PAGE })}`, pid: app.pid },
    { name: 'bare filtered page', url: bare && `${bare.url}/list/filtered`, pid: bare?.pid },
    {
      name: 'REST filtered page',
      url: `${appUrl}/api/matches?limit=${PAGE}&level=${encodeURIComponent(LEVEL)}`,
      pid: app.pid,
    },
    {
      name: 'tRPC filtered page',
      url: `${appUrl}${trpcList({ limit: PAGE, level: LEVEL })}`,
      pid: app.pid,
    },
  ];
}

/** Bytes on the wire for one Accept-Encoding (fetch would decode them); NaN when not encoded so. */
function encodedSize(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () =>
        resolve(encoding === 'identity' || res.headers['content-encoding'] === encoding ? n : NaN),
      );
    }).on('error', reject);
  });
}

export interface ListAnswers {
  /** Per page: whether the bare route answers exactly the bytes REST answers (PostgreSQL only). */
  sameBytes: Record<string, boolean>;
  answerBytes: Record<string, { identity: number; gzip: number; br: number }>;
}

/**
 * Checks the pages before measuring them: the bare route must answer exactly what REST answers,
 * and each page must hold PAGE matches. Answers the pages' sizes on the wire.
 */
export async function checkListAnswers(
  targets: ListTarget[],
  bareUrl: string | undefined,
): Promise<ListAnswers> {
  const sameBytes: Record<string, boolean> = {};
  const answerBytes: ListAnswers['answerBytes'] = {};
  for (const page of ['first', 'filtered'] as const) {
    const restUrl = targets.find((t) => t.name === `REST ${page} page`)?.url;
    if (!restUrl) throw new Error(`no REST ${page} page target`);
    const rest = await (await fetch(restUrl)).text();
    if (bareUrl) sameBytes[page] = rest === (await (await fetch(`${bareUrl}/list/${page}`)).text());
    answerBytes[page] = {
      identity: await encodedSize(restUrl, 'identity'),
      gzip: await encodedSize(restUrl, 'gzip'),
      br: await encodedSize(restUrl, 'br'),
    };
    const answer: unknown = JSON.parse(rest);
    const count = Array.isArray(answer) ? answer.length : NaN;
    if (count !== PAGE) throw new Error(`REST ${page} page has ${count} matches, not ${PAGE}`);
  }
  log(
    `same JSON bytes from REST and the bare route: ${bareUrl ? JSON.stringify(sameBytes) : 'n/a (PGlite)'}`,
  );
  return { sameBytes, answerBytes };
}

export interface ListFigures {
  figures: Record<string, Figure>;
  /** CPU ms per answer of the answering server, PostgreSQL and the load generator: medians by target. */
  cpu: Record<string, CpuSplit>;
  /** By target, round by round: CPU per answer at saturation, and p99 (ms) at LIST_RATE req/s. */
  rounds: Record<string, { cpu: CpuSplit; p99AtRate: number }[]>;
}

/**
 * Lists, interleaved: every target once per round at saturation (its CPU per answer), then once at
 * the steady LIST_RATE (its p99), after one warm-up second each; medians by target.
 */
export async function measureLists(targets: ListTarget[]): Promise<ListFigures> {
  for (const t of targets)
    if (t.url) await load({ url: t.url, connections: LIST_CONNECTIONS, duration: 1 });
  const listRounds: Record<string, Figure[]> = {};
  const rounds: ListFigures['rounds'] = {};
  for (let r = 0; r < ROUNDS; r++) {
    for (const t of targets) {
      if (!t.url || !t.pid) continue;
      const spent = cpuSince(t.pid);
      const f = await load({ url: t.url, connections: LIST_CONNECTIONS, duration: SECONDS });
      (listRounds[t.name] ??= []).push(f);
      const answers = Object.values(f.statuses).reduce((a, b) => a + b, 0);
      (rounds[t.name] ??= []).push({ cpu: spent(answers), p99AtRate: NaN });
    }
    for (const t of targets) {
      if (!t.url || !t.pid) continue;
      const steady = await load({
        url: t.url,
        connections: LIST_CONNECTIONS,
        duration: SECONDS,
        rate: LIST_RATE,
      });
      rounds[t.name]!.at(-1)!.p99AtRate = steady.p99;
    }
    log(`list round ${r + 1}/${ROUNDS} done`);
  }
  const byTarget = <T>(f: (rs: ListFigures['rounds'][string]) => T) =>
    Object.fromEntries(Object.entries(rounds).map(([k, v]) => [k, f(v)]));
  return {
    figures: Object.fromEntries(Object.entries(listRounds).map(([k, v]) => [k, medianFigure(v)])),
    cpu: byTarget((rs) => medianSplit(rs.map((x) => x.cpu))),
    rounds,
  };
}
