import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadEnv } from '../../server/env';
import { resolveVapidKeys } from '../../server/push/push';

const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const logs: string[] = [];
const logger = { warn: (_o: object, msg: string) => void logs.push(`warn ${msg}`) };
const base = { APP_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://padel.example.fr', DATA_DIR: dir };

describe('VAPID configuration', () => {
  it('outside production, generates a pair once in DATA_DIR and keeps it', () => {
    const env = loadEnv({ ...base, NODE_ENV: 'development' });
    const first = resolveVapidKeys(env, logger);
    expect(first?.subject).toBe('https://padel.example.fr');
    expect(Buffer.from(first!.publicKey, 'base64url')).toHaveLength(65);
    expect(resolveVapidKeys(env, logger)).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8'))).toMatchObject({
      publicKey: first!.publicKey,
    });
  });

  it('in production without keys, push is off with one clear log line, no crash', () => {
    logs.splice(0);
    const env = loadEnv({ ...base, NODE_ENV: 'production' });
    expect(resolveVapidKeys(env, logger)).toBeNull();
    expect(logs).toEqual([
      expect.stringMatching(
        /^warn Web Push is off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT/,
      ),
    ]);
  });

  it('in production with the three set, uses them', () => {
    const keys = webpush.generateVAPIDKeys();
    const env = loadEnv({
      ...base,
      NODE_ENV: 'production',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:admin@padel.example.fr',
    });
    expect(resolveVapidKeys(env, logger)).toEqual({
      ...keys,
      subject: 'mailto:admin@padel.example.fr',
    });
  });

  it('refuses a subject that is neither mailto: nor https:, a malformed key, and half a pair', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadEnv({ ...base, VAPID_SUBJECT: 'http://padel.example.fr' })).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(() =>
      loadEnv({ ...base, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadEnv({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/set both/);
  });
});
