// Builds the client when dist/client is missing or older than its sources (on `npm install` and
// on `npm start`), so a clean clone serves the app with no extra step and a pull never serves a
// stale bundle. A failed build must not break `npm install`; `npm start` then fails loudly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const quiet = process.argv.includes('--quiet');
const root = fileURLToPath(new URL('..', import.meta.url));
const index = `${root}dist/client/index.html`;
const sources = ['client', 'common'];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(index) || sources.some((s) => existsSync(`${root}${s}`) && newestMtime(`${root}${s}`) > statSync(index).mtimeMs);
if (stale) {
  if (!existsSync(`${root}node_modules/vite`)) process.exit(0);
  const r = spawnSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', quiet ? 'warn' : 'info'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (r.status !== 0) {
    console.error('Client build failed.');
    process.exit(quiet ? 0 : 1);
  }
}
