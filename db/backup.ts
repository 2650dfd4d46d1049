import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Env } from '../server/env';

type BackupEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>;

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

const pgliteDir = (env: BackupEnv) => join(env.DATA_DIR, 'pglite');

/**
 * PostgreSQL: `pg_dump` in its custom format (compressed, restorable table by table), safe while
 * the app runs. PGlite: its data directory as a gzipped tarball; the app must be stopped, since
 * one process owns an embedded database.
 */
export async function backupDatabase(env: BackupEnv, file: string): Promise<void> {
  if (env.DATABASE_URL) return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, env.DATABASE_URL]);
  if (!existsSync(pgliteDir(env))) throw new Error(`No PGlite database in ${pgliteDir(env)} (is DATA_DIR right?)`);
  const db = new PGlite(pgliteDir(env));
  try {
    // dumpDataDir before the database is ready never settles.
    await db.waitReady;
    const dump = await db.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/**
 * Puts a backup back. PostgreSQL: `pg_restore --clean` in one transaction, so a failed restore
 * leaves the database as it was. PGlite (app stopped): the current data directory is kept aside
 * as `pglite.before-restore-<time>` and the backup unpacked in its place.
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
    ]);
  }
  const dir = pgliteDir(env);
  if (existsSync(dir) && readdirSync(dir).length > 0) renameSync(dir, `${dir}.before-restore-${Date.now()}`);
  mkdirSync(env.DATA_DIR, { recursive: true });
  const db = new PGlite(dir, { loadDataDir: new Blob([await readFile(file)]) });
  await db.waitReady;
  await db.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadEnv, readDotEnv } = await import('../server/env');
  readDotEnv();
  const env = loadEnv();
  const [action, given] = process.argv.slice(2);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (action === 'backup') {
    const file = resolve(given ?? `padel-backup-${stamp}.${env.DATABASE_URL ? 'dump' : 'tar.gz'}`);
    await backupDatabase(env, file);
    console.log(`Backup written to ${file} (${env.DATABASE_URL ? 'PostgreSQL, pg_dump' : 'PGlite'}).`);
  } else if (action === 'restore' && given) {
    await restoreDatabase(env, resolve(given));
    console.log(`Restored from ${resolve(given)}.`);
  } else {
    console.error('Usage: npm run db:backup [-- <file>]   |   npm run db:restore -- <file>');
    process.exit(2);
  }
}
