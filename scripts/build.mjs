// Builds what `npm start` runs: dist/client (Vite) and dist/server, dist/db, dist/common (esbuild,
// one JavaScript file per source file, so paths relative to `import.meta.url` keep working; the
// migrations are copied next to dist/db/migrate.js).
//
//   node scripts/build.mjs              both, always (`npm run build`)
//   node scripts/build.mjs --if-stale   only what is missing or older than its sources (`npm install`, tests)
//   node scripts/build.mjs --client     the client only (also --server)
//   --quiet                             less output; a failure does not fail `npm install`
//
// Without the build tools (`npm ci --omit=dev`), it does nothing: a production image builds in a
// build stage and copies dist/. Concurrent runs (parallel test files, several installs on one tree)
// take a lock, so one builds and the others wait and then find the build fresh.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');
const ifStale = args.has('--if-stale');
const only = args.has('--client') || args.has('--server');
const targets = {
  client: {
    wanted: !only || args.has('--client'),
    output: 'dist/client/index.html',
    sources: ['client', 'common'],
    build: buildClient,
  },
  server: {
    wanted: !only || args.has('--server'),
    output: 'dist/server/index.js',
    sources: ['server', 'db', 'common', 'package.json'],
    build: buildServer,
  },
};

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale({ output, sources }) {
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return sources.some((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > built);
}

const LOCK = join(root, 'dist/.build-lock');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** mkdir is atomic: whoever creates the directory builds; a lock older than 10 minutes is a crashed build. */
async function withLock(fn) {
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 600_000)
        rmSync(LOCK, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function buildClient() {
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'client/vite.config.ts',
      '--logLevel',
      quiet ? 'warn' : 'info',
    ],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  if (r.status !== 0) throw new Error('Client build failed.');
}

function listSources(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((p) => !p.startsWith('db/migrations'));
}

/**
 * Sources import each other without extensions (Bundler resolution); Node needs the `.js` file.
 * Each relative import stays an import of its own compiled file, so nothing is bundled twice.
 */
const relativeImportsToJs = {
  name: 'relative-imports-to-js',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (a) => {
      if (a.kind === 'entry-point') return undefined;
      const base = resolve(a.resolveDir, a.path.replace(/\.tsx?$/, ''));
      // Server pages are JSX (.tsx): compiled to .js like the rest.
      if (existsSync(`${base}.ts`) || existsSync(`${base}.tsx`))
        return { path: `${a.path.replace(/\.tsx?$/, '')}.js`, external: true };
      if (existsSync(join(base, 'index.ts'))) return { path: `${a.path}/index.js`, external: true };
      return undefined; // JSON and other files: inlined
    });
  },
};

async function buildServer() {
  const { build } = await import('esbuild');
  for (const dir of ['server', 'db', 'common'])
    rmSync(join(root, 'dist', dir), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['server', 'db', 'common'].flatMap(listSources),
    outdir: 'dist',
    outbase: '.',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    logLevel: quiet ? 'warning' : 'info',
    plugins: [relativeImportsToJs],
  });
  cpSync(join(root, 'db/migrations'), join(root, 'dist/db/migrations'), { recursive: true });
}

const tools = {
  client: 'node_modules/vite/package.json',
  server: 'node_modules/esbuild/package.json',
};

try {
  await withLock(async () => {
    for (const [name, target] of Object.entries(targets)) {
      if (!target.wanted || (ifStale && !isStale(target))) continue;
      if (!existsSync(join(root, tools[name]))) {
        if (!quiet) console.warn(`Skipping the ${name} build: dev dependencies are not installed.`);
        continue;
      }
      await target.build();
    }
  });
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(quiet ? 0 : 1);
}
