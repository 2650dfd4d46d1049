import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { DEFAULT_LEVELS } from '../common/levels';
import { DEFAULT_SETTINGS, SETTING_DESCRIPTIONS, SETTING_KEYS } from '../common/limits';
import type { Db } from './client';
import { levels, settings } from './schema';

/**
 * Default levels (only when the table is empty, so an admin's deletions stay deleted) and default
 * settings (each only when missing). Safe to run at every start, on every instance.
 */
export async function seedDefaults(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(levels);
    if (count === 0)
      await tx
        .insert(levels)
        .values([...DEFAULT_LEVELS])
        .onConflictDoNothing();
    await tx
      .insert(settings)
      .values(
        SETTING_KEYS.map((key) => ({
          key,
          value: DEFAULT_SETTINGS[key],
          description: SETTING_DESCRIPTIONS[key],
        })),
      )
      .onConflictDoNothing();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadEnv, readDotEnv } = await import('../server/env');
  readDotEnv();
  const { openDatabaseOrExit } = await import('./open');
  const { runMigrations } = await import('./migrate');
  const env = loadEnv();
  const handle = await openDatabaseOrExit(env);
  await runMigrations(handle, env.DATABASE_URL);
  await seedDefaults(handle.db);
  if (process.argv.includes('--demo')) {
    const { seedDemo } = await import('../server/cli/demo');
    console.log(await seedDemo(handle.db, env));
  }
  await handle.close();
  console.log('Seed done.');
}
