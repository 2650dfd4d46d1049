import { fork, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { DbEnv } from './open';
import { DatabaseLockedError, lockPgliteDir } from './pglite-lock';

type BackupEnv = Pick<DbEnv, 'DATABASE_URL' | 'DATA_DIR'>;

/** A backup or restore that did not happen, said in one line; for a restore, the live data is untouched. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', (e: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          e.code === 'ENOENT'
            ? `${command} not found (install the PostgreSQL client tools)`
            : e.message,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? done()
        : fail(new BackupError(`${command} exited with ${code}: ${oneLine(stderr)}`)),
    );
  });
}

const pgliteDir = (env: BackupEnv) => join(env.DATA_DIR, 'pglite');

/** Runs `fn` holding the PGlite directory's lock: refuses (DatabaseLockedError) while the server has it open. */
async function withPgliteLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const release = lockPgliteDir(dir);
  try {
    return await fn();
  } finally {
    release();
  }
}

/**
 * PostgreSQL: `pg_dump` in its custom format (compressed, restorable table by table), safe while
 * the app runs. PGlite: its data directory as a gzipped tarball; refused while the server runs,
 * since one process owns an embedded database.
 */
export async function backupDatabase(env: BackupEnv, file: string): Promise<void> {
  if (env.DATABASE_URL)
    return run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      env.DATABASE_URL,
    ]);
  const dir = pgliteDir(env);
  if (!existsSync(dir)) throw new BackupError(`No PGlite database in ${dir} (is DATA_DIR right?)`);
  await withPgliteLock(dir, async () => {
    const db = new PGlite(dir);
    try {
      // dumpDataDir before the database is ready never settles.
      await db.waitReady;
      const dump = await db.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  });
}

/** Unpacks and checks a PGlite backup into the new directory `dir`, in a child process (see db/pglite-unpack.ts). */
function unpackPgliteBackup(file: string, dir: string): Promise<void> {
  const script = fileURLToPath(
    new URL(`./pglite-unpack${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
  );
  return new Promise((done, fail) => {
    const child = fork(script, [file, dir], {
      execArgv: script.endsWith('.ts') ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else
        fail(
          new Error(
            oneLine(stderr) || `the unpacking process ended with ${signal ?? `code ${code}`}`,
          ),
        );
    });
  });
}

/**
 * Puts a backup back. PostgreSQL: `pg_restore --clean` in one transaction, so a failed restore
 * leaves the database as it was. PGlite (refused while the server runs): the backup is unpacked into
 * a new directory and opened; only when it holds the app's tables does it replace the live one
 * (which is then deleted). On any failure the live directory stays as it was.
 */
export async function restoreDatabase(env: BackupEnv, file: string): Promise<void> {
  if (env.DATABASE_URL) {
    return run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${env.DATABASE_URL}`,
      file,
    ]).catch((e: Error) => {
      throw new BackupError(
        `Restore failed: ${e.message}. The database was left as it was (one transaction).`,
      );
    });
  }
  const dir = pgliteDir(env);
  if (!existsSync(file))
    throw new BackupError(
      `Restore failed: ${file} does not exist. The live database was left as it was.`,
    );
  mkdirSync(env.DATA_DIR, { recursive: true });
  await withPgliteLock(dir, async () => {
    const stamp = Date.now();
    const incoming = `${dir}.restoring-${stamp}`;
    const previous = `${dir}.before-restore-${stamp}`;
    try {
      await unpackPgliteBackup(file, incoming);
    } catch (e) {
      rmSync(incoming, { recursive: true, force: true });
      throw new BackupError(
        `Restore failed: ${file} is not a usable backup (${e instanceof Error ? e.message : String(e)}). The live database was left as it was.`,
      );
    }
    const hadLive = existsSync(dir);
    if (hadLive) renameSync(dir, previous);
    try {
      renameSync(incoming, dir);
    } catch (e) {
      if (hadLive) renameSync(previous, dir);
      rmSync(incoming, { recursive: true, force: true });
      throw new BackupError(
        `Restore failed: ${e instanceof Error ? e.message : String(e)}. The live database was left as it was.`,
      );
    }
    if (hadLive) rmSync(previous, { recursive: true, force: true });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadEnv, readDotEnv } = await import('../server/env');
  readDotEnv();
  const env = loadEnv();
  const [action, given] = process.argv.slice(2);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    if (action === 'backup') {
      const file = resolve(
        given ?? `padel-backup-${stamp}.${env.DATABASE_URL ? 'dump' : 'tar.gz'}`,
      );
      await backupDatabase(env, file);
      console.log(
        `Backup written to ${file} (${env.DATABASE_URL ? 'PostgreSQL, pg_dump' : 'PGlite'}).`,
      );
    } else if (action === 'restore' && given) {
      await restoreDatabase(env, resolve(given));
      console.log(`Restored from ${resolve(given)}.`);
    } else {
      console.error(
        'Usage: npm run db:backup [-- <file>]   |   npm run db:restore -- <file>   (in the image: node dist/db/backup.js backup|restore <file>)',
      );
      process.exit(2);
    }
  } catch (e) {
    // One line for the operator, never a stack: what failed, and that the live data is untouched.
    const verb = action === 'restore' ? 'Restore' : 'Backup';
    console.error(
      e instanceof DatabaseLockedError
        ? `${verb} refused: the embedded database (${e.dir}) is open in process ${e.pid} (the server?). Stop the server first, then run the command again. The live database was left as it was.`
        : e instanceof BackupError && /^(Backup|Restore) /.test(e.message)
          ? e.message
          : `${verb} failed: ${oneLine(e instanceof Error ? e.message : String(e))}`,
    );
    process.exit(1);
  }
}
