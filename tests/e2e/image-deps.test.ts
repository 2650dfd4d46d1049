import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../support/app';
import { ROOT, startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Issue 22: the image did not build (`npm ci --omit=dev` ran our postinstall, whose patch-package is
 * a dev dependency) and would have shipped postgres.js unpatched. No Docker engine runs here, so this
 * replays the Dockerfile itself: the deps stage's COPY and RUN lines in a temp directory standing for
 * its /app, then the final stage's COPY lines (its `dist` from the build stage is this checkout's
 * `npm run build`), and starts the server from the result alone, as the image's CMD does.
 */
interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  steps: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') {
      const [from = '', , name] = args.split(/\s+/);
      stages.push({ from, name, steps: [] });
    } else stages.at(-1)?.steps.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

/** `COPY [--from=x] [--chown=…] src… dest` → its sources, destination and source stage. */
function parseCopy(args: string) {
  const words = args.split(/\s+/);
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((w) => !w.startsWith('--'));
  const dest = paths.pop() ?? '';
  return { from, sources: paths, dest };
}

/** Copies like Docker: a directory's contents into `dest`, files into `dest` when it ends with `/`. */
function copyInto(srcBase: string, sources: string[], destBase: string, dest: string) {
  const to = join(destBase, dest);
  for (const src of sources) {
    const from = join(srcBase, src.replace(/^\/app\/?/, ''));
    if (!existsSync(from)) throw new Error(`COPY source missing: ${src} (${from})`);
    const target = dest.endsWith('/') ? join(to, src.split('/').pop() ?? '') : to;
    mkdirSync(dirname(target), { recursive: true });
    cpSync(from, target, { recursive: true, verbatimSymlinks: true });
  }
}

/** Every line the patch adds, per patched file under node_modules. */
function addedLines(patch: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let file = '';
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ b/')) {
      file = line.slice('+++ b/'.length);
      out.set(file, []);
    } else if (file && line.startsWith('+') && line.slice(1).trim())
      out.get(file)?.push(line.slice(1).trim());
  }
  return out;
}

const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(dockerfile);
const work = mkdtempSync(join(tmpdir(), 'padel-image-'));
const depsDir = join(work, 'deps');
const appDir = join(work, 'app');
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the Docker image, replayed without Docker', () => {
  it('pins every base image by the same digest', () => {
    const froms = stages.map((s) => s.from);
    expect(froms.length).toBeGreaterThanOrEqual(3);
    for (const f of froms) expect(f).toMatch(/^node:22-bookworm-slim@sha256:[0-9a-f]{64}$/);
    expect(new Set(froms).size).toBe(1);
  });

  it('deps stage: installs the production dependencies with postgres.js patched and no dev tools', () => {
    const deps = stages.find((s) => s.name === 'deps');
    expect(deps, 'a stage named deps').toBeDefined();
    mkdirSync(depsDir, { recursive: true });
    const runs: string[] = [];
    for (const step of deps!.steps) {
      if (step.op === 'WORKDIR') expect(step.args).toBe('/app');
      else if (step.op === 'COPY') {
        const c = parseCopy(step.args);
        expect(c.from, 'the deps stage copies from the build context only').toBeUndefined();
        copyInto(ROOT, c.sources, depsDir, c.dest);
      } else if (step.op === 'RUN') {
        // The commands run verbatim against this machine's npm cache; one that empties it has no place here.
        expect(step.args).not.toMatch(/cache clean/);
        runs.push(step.args);
        const r = spawnSync('sh', ['-c', step.args], {
          cwd: depsDir,
          encoding: 'utf8',
          env: {
            ...process.env,
            npm_config_prefer_offline: 'true',
            npm_config_update_notifier: 'false',
          },
        });
        expect({
          command: step.args,
          status: r.status,
          output: r.status === 0 ? '' : `${r.stdout}\n${r.stderr}`,
        }).toEqual({
          command: step.args,
          status: 0,
          output: '',
        });
      } else
        throw new Error(
          `deps stage: ${step.op} is not replayed by this test; teach it or keep the stage simple`,
        );
    }
    expect(runs.join('\n')).toContain('scripts/image-deps.sh');

    const patches = readdirSync(join(ROOT, 'patches')).filter((f) => f.endsWith('.patch'));
    expect(patches).toContain('postgres+3.4.9.patch');
    for (const p of patches) {
      for (const [file, lines] of addedLines(readFileSync(join(ROOT, 'patches', p), 'utf8'))) {
        const text = readFileSync(join(depsDir, file), 'utf8');
        expect(lines.length).toBeGreaterThan(0);
        for (const l of lines) expect(text, `${file} carries "${l}"`).toContain(l);
      }
    }
    // Pruned: no build or test tools ship in the image.
    for (const dev of ['patch-package', 'tsx', 'vite', 'vitest', 'esbuild', 'drizzle-kit'])
      expect(existsSync(join(depsDir, 'node_modules', dev)), `${dev} pruned`).toBe(false);
    expect(existsSync(join(depsDir, 'node_modules', 'argon2'))).toBe(true);
  }, 180_000);

  it('final stage: the server starts from its files alone and answers /healthz and /readyz', async () => {
    expect(existsSync(join(depsDir, 'node_modules/postgres')), 'the deps stage ran').toBe(true);
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    const final = stages.at(-1)!;
    const env: Record<string, string> = {};
    mkdirSync(appDir, { recursive: true });
    for (const step of final.steps) {
      if (step.op === 'COPY') {
        const c = parseCopy(step.args);
        const base =
          c.from === 'deps'
            ? depsDir
            : c.from === 'build'
              ? ROOT
              : c.from === undefined
                ? ROOT
                : null;
        if (!base)
          throw new Error(`final stage: COPY --from=${c.from} is not replayed by this test`);
        copyInto(base, c.sources, appDir, c.dest);
      } else if (step.op === 'ENV') {
        for (const m of step.args.matchAll(/([A-Za-z_]\w*)=("([^"]*)"|\S*)/g))
          env[m[1]!] = m[3] ?? m[2]!;
      } else if (step.op === 'RUN') {
        // System set-up only (the /data volume, apt packages): nothing that changes /app.
        expect(step.args).not.toMatch(/\/app|node_modules|npm /);
      } else if (step.op === 'CMD')
        expect(JSON.parse(step.args)).toEqual(['node', 'dist/server/index.js']);
    }
    expect(readdirSync(appDir).sort()).toEqual(['dist', 'node_modules', 'package.json']);
    expect(env.NODE_ENV).toBe('production');

    server = await startServerProcess({
      appDir,
      env: {
        ...env,
        HOST: '127.0.0.1',
        APP_SECRET: TEST_SECRET,
        PUBLIC_URL: 'https://padel.example.fr',
        TRUST_PROXY: '1',
      },
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const home = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');

    // Backups from the image: no tsx there, so the compiled command, run from the same files.
    const backupEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...env,
      APP_SECRET: TEST_SECRET,
      PUBLIC_URL: 'https://padel.example.fr',
      DATA_DIR: server.dataDir,
    };
    delete backupEnv.TEST_DATABASE_URL;
    delete backupEnv.DATABASE_URL;
    if (server.databaseUrl) backupEnv.DATABASE_URL = server.databaseUrl;
    else await server.stop({ keepData: true }); // PGlite: one process at a time (afterAll deletes the data).
    const file = join(work, 'from-image.backup');
    for (const action of ['backup', 'restore']) {
      const r = spawnSync(process.execPath, ['dist/db/backup.js', action, file], {
        cwd: appDir,
        env: backupEnv,
        encoding: 'utf8',
      });
      expect({ action, status: r.status, stderr: r.stderr }).toEqual({
        action,
        status: 0,
        stderr: '',
      });
      expect(r.stdout).toMatch(action === 'backup' ? /^Backup written to / : /^Restored from /);
    }
  }, 60_000);
});
