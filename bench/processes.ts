import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  url: string;
  pid: number;
  /** VmHWM of the process: the most resident memory it ever had, in MB. */
  peakRssMb: () => number;
  stop: () => Promise<void>;
}

/**
 * The runtime settings the production image gives node (`NODE_OPTIONS`, glibc's `MALLOC_*`), read
 * from the last stage of the Dockerfile, so the bench measures the server as it is deployed.
 */
export function imageRuntimeEnv(): Record<string, string> {
  const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8').replace(
    /\\\n/g,
    ' ',
  );
  const lastStage = dockerfile.split(/^FROM\s/m).pop() ?? '';
  const env: Record<string, string> = {};
  for (const line of lastStage.split('\n')) {
    if (!/^ENV\s/.test(line)) continue;
    for (const m of line.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g)) {
      const [, key = '', raw = '', quoted] = m;
      if (key === 'NODE_OPTIONS' || key.startsWith('MALLOC_')) env[key] = quoted ?? raw;
    }
  }
  return env;
}

/**
 * Starts `node <args>` in the repository with `env` on a free port and waits until `readyPath`
 * answers 200. The process is node itself (no npm or tsx wrapper), so its pid is the server's.
 */
/** The node that runs the servers: BENCH_NODE=<path to a node binary> measures another Node version. */
export const SERVER_NODE = process.env.BENCH_NODE || process.execPath;
export const serverNodeVersion = () =>
  SERVER_NODE === process.execPath
    ? process.version
    : spawnSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();

export async function startNode(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<Child> {
  const port = await freePort();
  const child: ChildProcess = spawn(SERVER_NODE, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-8000)));
  child.stderr?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-8000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${out}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`${args.join(' ')} did not answer ${readyPath}:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    peakRssMb: () => {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : NaN;
    },
    stop: async () => {
      process.off('exit', kill);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(kill, 10_000);
        await exited;
        clearTimeout(t);
      }
    },
  };
}
