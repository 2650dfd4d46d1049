/**
 * A local stand-in of a browser vendor's push service (what FCM or Mozilla autopush do for a real
 * browser): an https server with a self-signed certificate made here with the openssl CLI. It
 * checks each request's VAPID JWT (RFC 8292: ES256 signature by the `k` key, `aud` = the
 * endpoint's origin, `exp` within 24 h, `sub` mailto:/https:) and really decrypts the aes128gcm
 * payload (RFC 8188 + RFC 8291) with the fake device's own P-256 private key and auth secret,
 * as the browser would. Nothing of `web-push` is mocked: the app's requests arrive as sent.
 */
import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PushMessageReceived {
  deviceId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID JWT's claims, once verified. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request was signed with (base64url). */
  vapidKey: string;
}

export interface FakeDevice {
  id: string;
  /** As `PushSubscription.toJSON()` gives it to the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Status this device's endpoint answers (201 by default; 410 once the "browser" unsubscribed). */
  status: number;
}

export interface PushServiceStandIn {
  url: string;
  /** The self-signed certificate (PEM): give its file to a server process as NODE_EXTRA_CA_CERTS. */
  caFile: string;
  ca: string;
  /** An https agent trusting the certificate, for an app running inside the test process. */
  agent: Agent;
  messages: PushMessageReceived[];
  /** Requests refused (bad JWT, undecryptable body…), with the reason: a test expects none. */
  rejected: string[];
  device(): FakeDevice;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** Verifies `Authorization: vapid t=<jwt>, k=<key>`; answers the claims or throws the reason. */
function checkVapid(header: string | undefined, origin: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no vapid authorization: ${header}`);
  const [, jwt = '', k = ''] = m;
  const [h = '', p = '', s = ''] = jwt.split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (head.alg !== 'ES256') throw new Error(`jwt alg ${String(head.alg)}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64u(point.subarray(1, 33)),
      y: b64u(point.subarray(33)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) throw new Error('bad jwt signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, vapidKey: k };
}

/** RFC 8291 decryption of an aes128gcm body with the device's ECDH key and auth secret. */
export function decryptAes128gcm(body: Buffer, device: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65) throw new Error(`keyid of ${idlen} bytes, not the sender's 65-byte key`);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('more than one record');
  const uaPublic = device.getPublicKey();
  const ecdhSecret = device.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ]);
  // Padding: the last record's delimiter 0x02, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end);
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const ca = readFileSync(caFile, 'utf8');
  const devices = new Map<string, FakeDevice & { ecdh: ECDH; auth: Buffer }>();
  const messages: PushMessageReceived[] = [];
  const rejected: string[] = [];

  const server: Server = createServer({ key: readFileSync(keyFile), cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      const refuse = (status: number, reason: string) => {
        rejected.push(`${req.url}: ${reason}`);
        res.writeHead(status).end(reason);
      };
      if (req.method !== 'POST' || !device) return refuse(404, 'no such subscription');
      if (device.status === 404 || device.status === 410)
        return res.writeHead(device.status).end('gone');
      if (device.status >= 400) return res.writeHead(device.status).end('refused');
      try {
        const { claims, vapidKey } = checkVapid(req.headers.authorization, url);
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl)) throw new Error('no TTL');
        const plain = decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth);
        messages.push({
          deviceId: id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl,
          urgency: req.headers.urgency as string | undefined,
          claims,
          vapidKey,
        });
        res.writeHead(201, { location: `${url}/message/${messages.length}` }).end();
      } catch (e) {
        refuse(400, e instanceof Error ? e.message : String(e));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca, keepAlive: false });

  return {
    url,
    caFile,
    ca,
    agent,
    messages,
    rejected,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(9).toString('base64url');
      const d = {
        id,
        ecdh,
        auth,
        status: 201,
        subscription: {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
        },
      };
      devices.set(id, d);
      return d;
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
