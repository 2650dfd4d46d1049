/**
 * What `patches/postgres+3.4.9.patch` fixes, reproduced with postgres.js alone (no app, no drizzle):
 * the server terminates a connection while a transaction runs a statement on it. postgres.js fails
 * the statement, then sends the transaction's ROLLBACK on the connection that is gone; unpatched,
 * that write is flushed from a `setImmediate` onto a null socket and the process dies of an
 * uncaught TypeError. The reproduction (`scripts/postgres-js-repro.mjs`, the script sent upstream,
 * see `docs/upstream/postgres-js.md`) runs in a child process, so a crash is seen as one.
 * PostgreSQL only: PGlite has no connection to terminate.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverUrl } from '../support/db';

const url = serverUrl();
if (!url)
  console.warn(
    '[postgres-js-patch] skipped: terminating a connection needs a PostgreSQL server (PGlite has none)',
  );

// From the repository root, so the script's `import 'postgres'` finds the installed (patched) package.
const root = fileURLToPath(new URL('../..', import.meta.url));
const script = fileURLToPath(new URL('../../scripts/postgres-js-repro.mjs', import.meta.url));

function runReproduction(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, REPRO_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.runIf(url)(
  'postgres.js: the server terminates a connection during a transaction (PostgreSQL)',
  () => {
    it('fails the transaction instead of crashing the process on a write to the closed socket', async () => {
      const run = await runReproduction(url!);
      console.log(`[postgres-js-patch] exit ${run.code}\n${run.output}`);
      // The connection was indeed closed under the transaction.
      expect(run.output).toContain('CONNECTION_CLOSED');
      // Unpatched, every run here ended so (exit code 1).
      expect(run.output).not.toContain(
        "TypeError: Cannot read properties of null (reading 'write')",
      );
    }, 60_000);
  },
);
