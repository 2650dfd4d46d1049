import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory writes over the
 * first one's pages and its changes are silently lost. So whoever opens it holds a lock file with
 * its pid, taken atomically (O_EXCL), dropped on close and at exit; a lock whose process is gone is
 * stale and taken over.
 */
export class DatabaseLockedError extends Error {
  override readonly name = 'DatabaseLockedError';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `La base intégrée (${dir}) est déjà ouverte par le processus ${pid} (le serveur ?). Arrêtez d'abord le serveur, puis relancez la commande.\n` +
        `The embedded database (${dir}) is already open in process ${pid} (the server?). Stop the server first, then run the command again.`,
    );
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return e instanceof Error && 'code' in e && e.code === 'EPERM';
  }
};

const readPid = (file: string) => {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return NaN;
  }
};

/** Takes the lock file `file` for the PGlite directory `dir`; returns its release. */
export function lockPgliteDir(dir: string, file = `${dir}.lock`): () => void {
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if (!(e instanceof Error && 'code' in e && e.code === 'EEXIST') || attempt > 2) throw e;
      const holder = readPid(file);
      if (holder === process.pid || (Number.isInteger(holder) && isAlive(holder)))
        throw new DatabaseLockedError(dir, holder);
      // Stale (the holder died without cleaning up, or wrote nothing yet and died): take it over.
      try {
        unlinkSync(file);
      } catch {
        // Another process took it over first; the next attempt sees its pid.
      }
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readPid(file) === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}
