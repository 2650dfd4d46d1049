import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT, startServerProcess } from '../support/server-process';

describe('the server process', () => {
  it('stops cleanly on SIGTERM: exit code 0 after closing', async () => {
    const server = await startServerProcess();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.stop();
    expect(server.output()).toContain('shutting down');
    expect(server.exitCode()).toBe(0);
  }, 90_000);

  it('runs compiled, as `npm start` does: no TypeScript at run time, migrations found from dist/', async () => {
    const server = await startServerProcess({ compiled: true });
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toMatchObject({ status: 'ok', database: 'ok' });
      const levels = await fetch(`${server.url}/api/levels`);
      expect(levels.status).toBe(200);
      expect(((await levels.json()) as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    expect(server.exitCode()).toBe(0);
  }, 90_000);

  it('refuses to start on a bad setting and says which', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port', APP_TIMEZONE: 'Mars/Olympus', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('APP_TIMEZONE');
  });
});
