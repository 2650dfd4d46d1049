/**
 * `npm run admin -- grant <email>`: gives admin rights to an existing account, for the first admin
 * of an install that did not list it in ADMIN_EMAILS (or for later ones, without the admin screen).
 */
import { openDatabaseOrExit } from '../../db/open';
import { runMigrations } from '../../db/migrate';
import { loadEnv, readDotEnv } from '../env';
import { grantAdmin } from '../services/auth/admin-emails';

const USAGE = 'Usage: npm run admin -- grant <email>';

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (command !== 'grant' || !email) {
    console.error(USAGE);
    return 2;
  }
  readDotEnv();
  const env = loadEnv();
  const handle = await openDatabaseOrExit(env);
  try {
    await runMigrations(handle, env.DATABASE_URL);
    const user = await grantAdmin({ db: handle.db }, email);
    if (!user) {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${user.name} (#${user.id}, ${email}) is now an administrator.`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
