import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  /** AES-256-GCM; output is `v1:<iv>:<tag>:<ciphertext>` in base64url. */
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Secret mixed into every PIN hash, so a stolen database alone cannot be brute-forced offline. */
  pinPepper: Buffer;
  /** HMAC-SHA256 of `data` under a key of its own for `purpose` (base64url): signed links in mails. */
  sign(purpose: string, data: string): string;
}

function derive(master: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, 'padel-match', info, 32));
}

export function createSecrets(master: string): Secrets {
  const key = derive(master, 'stored-secrets');
  return {
    pinPepper: derive(master, 'pin-pepper'),
    sign: (purpose, data) =>
      createHmac('sha256', derive(master, `sign:${purpose}`))
        .update(data)
        .digest('base64url'),
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** APP_SECRET, or outside production one generated on first start and kept in DATA_DIR. */
export function resolveAppSecret(appSecret: string | undefined, dataDir: string): string {
  if (appSecret) return appSecret;
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}
