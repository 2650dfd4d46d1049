import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Issue 22: compose published the app on every interface without TLS, ran without PUBLIC_URL or
 * TRUST_PROXY, and shipped the database password in the file.
 */
interface Service {
  ports?: (string | { host_ip?: string; published?: string | number })[];
  environment?: Record<string, string | number | null> | string[];
  stop_grace_period?: string;
  build?: unknown;
}

const compose = parse(readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8')) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);
const envOf = (s: Service): Record<string, string> =>
  Array.isArray(s.environment)
    ? Object.fromEntries(
        s.environment.map((e) => [e.split('=')[0] ?? '', e.split('=').slice(1).join('=')]),
      )
    : Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, String(v ?? '')]));
/** `${NAME:?message}`: compose refuses to start until NAME is set (in .env or the shell). */
const required = (name: string) => new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`);

describe('compose.yaml', () => {
  it('publishes ports on 127.0.0.1 only (a TLS reverse proxy on the host faces the network)', () => {
    const published = services.flatMap(([name, s]) => (s.ports ?? []).map((p) => ({ name, p })));
    expect(published.length).toBeGreaterThan(0);
    for (const { name, p } of published) {
      if (typeof p === 'string') expect(p, name).toMatch(/^127\.0\.0\.1:/);
      else expect(p.host_ip, name).toBe('127.0.0.1');
    }
  });

  it('holds no database password: it comes from .env, and compose refuses to start without it', () => {
    const app = compose.services.app!;
    const postgres = compose.services.postgres!;
    expect(envOf(postgres).POSTGRES_PASSWORD).toMatch(required('POSTGRES_PASSWORD'));
    const url = envOf(app).DATABASE_URL ?? '';
    const password = /^postgres:\/\/[^:]+:(.*)@[^@]+$/.exec(url)?.[1];
    expect(password).toMatch(required('POSTGRES_PASSWORD'));
    for (const [name, s] of services)
      for (const [key, value] of Object.entries(envOf(s)))
        if (/PASSWORD|SECRET|TOKEN/.test(key) && value)
          expect(value, `${name}.${key}`).toMatch(/^\$\{[A-Z_]+:[?-][^}]*\}$/);
  });

  it("ships a pg_dump of the compose PostgreSQL's major version in the image (backups from the app container)", () => {
    const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
    const client = /postgresql-client-(\d+)/.exec(dockerfile)?.[1];
    const server = /^postgres:(\d+)/.exec(
      String((compose.services.postgres as { image?: string }).image),
    )?.[1];
    expect(client).toBeDefined();
    expect(client).toBe(server);
  });

  it('runs the app behind its proxy: PUBLIC_URL required, TRUST_PROXY set, time to drain on stop', () => {
    const app = compose.services.app!;
    const env = envOf(app);
    expect(env.PUBLIC_URL).toMatch(required('PUBLIC_URL'));
    expect(env.TRUST_PROXY).toBeTruthy();
    expect(env.TRUST_PROXY).not.toMatch(/true/);
    expect(app.stop_grace_period).toMatch(/^\d+s$/);
    expect(Number.parseInt(app.stop_grace_period ?? '0', 10)).toBeGreaterThanOrEqual(15);
  });
});
