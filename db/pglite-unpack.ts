import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** What a restored Padel Match database must hold before it may replace the live one. */
export const EXPECTED_TABLES = [
  'public.users',
  'public.matches',
  'drizzle.__drizzle_migrations',
] as const;

/**
 * Unpacks a PGlite backup (`dumpDataDir` tarball) into the new directory `dir`, opens it and checks
 * it holds the app's tables. Runs in a process of its own (see `unpackPgliteBackup` in backup.ts):
 * PGlite fails a bad archive with a rejection it also leaves unhandled, which would end the caller.
 */
async function unpack(file: string, dir: string): Promise<void> {
  const db = new PGlite(dir, { loadDataDir: new Blob([await readFile(file)]) });
  try {
    await db.waitReady;
    const { rows } = await db.query<{ name: string; found: string | null }>(
      `select name, to_regclass(name)::text as found from unnest($1::text[]) as name`,
      [[...EXPECTED_TABLES]],
    );
    const missing = rows.filter((r) => !r.found).map((r) => r.name);
    if (missing.length > 0)
      throw new Error(`it is not a Padel Match database (no ${missing.join(', ')})`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file = '', dir = ''] = process.argv.slice(2);
  const fail = (e: unknown) => {
    process.stderr.write(
      `${(e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim()}\n`,
    );
    process.exit(1);
  };
  process.on('unhandledRejection', fail);
  unpack(file, dir).then(() => process.exit(0), fail);
}
