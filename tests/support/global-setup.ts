import { serverUrl } from './db';

/** Says once per run which database the integration tests use. */
export default function setup() {
  const url = serverUrl();
  const kind = url
    ? `PostgreSQL (${new URL(url).host})`
    : process.env.TEST_PG === 'docker'
      ? 'testcontainers PostgreSQL (Docker)'
      : 'PGlite (embedded, in memory)';
  console.log(`[tests] database: ${kind}`);
}
