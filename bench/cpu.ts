import { readdirSync, readFileSync } from 'node:fs';
import { median } from './stats';

/**
 * CPU time (user + system, ms) of the processes a load exercises, read from /proc: the server that
 * answers, every PostgreSQL process, and the bench itself (the load generator). Divided by the
 * answers, it says where each answer's CPU goes, which req/s on a shared two-core machine cannot.
 */
export interface CpuSplit {
  server: number;
  /**
   * Of `server`, what its threads other than the main one spent: V8's garbage-collection helpers
   * (concurrent marking, parallel scavenges) and libuv's pool. A bigger heap shows here first.
   */
  serverHelpers: number;
  database: number;
  loader: number;
}

const TICK_MS = 10;

function processMs(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // a backend that ended between the listing and the read
  }
}

function postgresMs(): number {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) ms += processMs(pid);
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

/** A process's threads but its main one (whose task id is the process id). */
function helperThreadsMs(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .filter((tid) => tid !== String(pid))
      .reduce((ms, tid) => ms + processMs(`${pid}/task/${tid}`), 0);
  } catch {
    return 0; // the process ended
  }
}

/** Snapshot now; the returned function gives the CPU spent since, per answer. */
export function cpuSince(serverPid: number): (answers: number) => CpuSplit {
  const server = processMs(serverPid);
  const helpers = helperThreadsMs(serverPid);
  const database = postgresMs();
  const own = process.cpuUsage();
  return (answers) => {
    const used = process.cpuUsage(own);
    const per = (ms: number) => (answers > 0 ? ms / answers : NaN);
    return {
      server: per(processMs(serverPid) - server),
      serverHelpers: per(helperThreadsMs(serverPid) - helpers),
      database: per(postgresMs() - database),
      loader: per((used.user + used.system) / 1000),
    };
  };
}

/** The median of each part over the rounds. */
export const medianSplit = (xs: CpuSplit[]): CpuSplit => ({
  server: median(xs.map((x) => x.server)),
  serverHelpers: median(xs.map((x) => x.serverHelpers)),
  database: median(xs.map((x) => x.database)),
  loader: median(xs.map((x) => x.loader)),
});
