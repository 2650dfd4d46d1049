import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** What each PostgreSQL statement here may print: nothing (a bench prints its own lines). */
const quiet = { max: 1, onnotice: () => {} };

/**
 * A new, empty database on the PostgreSQL server of `baseUrl` (named `<prefix>_<random>`, so runs
 * never collide), its URL, and the function that drops it (connections closed by force).
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(baseUrl, quiet);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const drop = async () => {
    const dropper = postgres(baseUrl, quiet);
    await dropper.unsafe(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { name, url: u.toString(), drop };
}
