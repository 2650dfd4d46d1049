// Builds the client once (on `npm install` and on the first `npm start`), so a clean clone serves
// the app with no extra step. A failed build must not break `npm install`: start() retries it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const quiet = process.argv.includes('--quiet');
const index = new URL('../dist/client/index.html', import.meta.url);
if (!existsSync(index)) {
  if (!existsSync(new URL('../node_modules/vite', import.meta.url))) process.exit(0);
  const r = spawnSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', quiet ? 'warn' : 'info'], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('Client build failed.');
    process.exit(quiet ? 0 : 1);
  }
}
