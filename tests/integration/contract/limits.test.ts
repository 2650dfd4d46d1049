/**
 * Request limits as a third party meets them over real HTTP: JSON-only bodies, the body size limit
 * (a 5 MB photo still fits once base64 has grown it), unknown fields ignored, wrong types refused,
 * and the per-IP rate limit on authentication paths — each with a French `error`.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_DATA_URL, pngOfSize, register, type Person, type World, startWorld } from './harness';

const MB = 1024 * 1024;
const AUTH_RATE_LIMIT = 40;

let w: World;
let player: Person;
beforeAll(async () => {
  w = await startWorld({ AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT) });
  player = await register(w, {
    name: 'Lina Limite',
    email: 'lina@example.fr',
    phone: '0698765401',
    pin: '4829',
    deviceId: 'device-lina',
  });
});
afterAll(async () => {
  await w?.stop();
});

const profile = (photo: string | null) => ({
  params: { id: player.id },
  token: player.token,
  body: { name: 'Lina Limite', level: 'Niveau 2', photo },
});

describe('JSON-only bodies', () => {
  it('refuses form, text and multipart bodies with 415 and a French error, changing nothing', async () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await w.api.call('POST', '/api/auth/check-user', {
        raw: 'phone=0698765401',
        contentType,
      });
      expect(res.status, contentType).toBe(415);
      expect(res.body, contentType).toMatchObject({
        error: 'Le corps de la requête doit être au format JSON (application/json).',
      });
    }
    const legacy = await w.api.call('POST', '/api/auth/login-by-email', {
      raw: 'email=a@b.fr&pin=1234',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(legacy.status).toBe(415);
    expect(legacy.body).toEqual({
      success: false,
      error: 'Le corps de la requête doit être au format JSON (application/json).',
    });
    const form = await w.api.call('PUT', '/api/users/{id}', {
      params: { id: player.id },
      token: player.token,
      raw: 'name=Pirate&level=Niveau+1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const me = await w.api.call<{ user: { name: string } }>('GET', '/api/users/{id}', {
      params: { id: player.id },
      token: player.token,
    });
    expect(me.body.user.name).toBe('Lina Limite');
  });

  it('answers malformed JSON with 400 and a French error', async () => {
    const res = await w.api.call('POST', '/api/auth/check-user', { raw: '{"phone": ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Requête invalide.' });
  });
});

describe('body size', () => {
  it('accepts a 5 MB photo, base64 overhead included', async () => {
    const res = await w.api.call<{ user: { photo: string } }>(
      'PUT',
      '/api/users/{id}',
      profile(pngOfSize(5 * MB)),
    );
    expect(res.status).toBe(200);
    const photo = await w.api.call('GET', '/api/users/{id}/photo', {
      params: { id: player.id },
      token: player.token,
    });
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Number(photo.headers.get('content-length'))).toBe(5 * MB);
  }, 90_000); // 5 MB through PGlite (WASM) takes several seconds

  it('refuses a photo just over 5 MB with 413 and the French photo message', async () => {
    const res = await w.api.call('PUT', '/api/users/{id}', profile(pngOfSize(5 * MB + 20_000)));
    expect(res.status).toBe(413);
    expect((res.body as { error: string }).error).toMatch(
      /^La photo est trop grande \(\d+,\d\d\sMo\)\. Veuillez choisir une photo de moins de 5\sMo\.$/,
    );
  });

  it('refuses a body declared over the limit with 413 and a French error, without reading it', async () => {
    // The server answers from Content-Length alone and closes the connection; a client that kept
    // writing would see the reset instead, so this one sends the headers and a first chunk, then reads.
    const limit = Math.ceil(5 * MB * (4 / 3)) + 64 * 1024;
    for (const [method, path, token] of [
      ['PUT', `/api/users/${player.id}`, player.token],
      ['POST', '/api/auth/check-user', undefined],
    ] as const) {
      const res = await declareOversized(w.server.url, method, path, limit + 1, token);
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.text), path).toMatchObject({
        error: 'La requête est trop volumineuse.',
      });
    }
    expect(Object.keys(w.doc.paths['/api/users/{id}']!.put!.responses)).toContain('413');
    const me = await w.api.call<{ user: { name: string } }>('GET', '/api/users/{id}', {
      params: { id: player.id },
      token: player.token,
    });
    expect(me.body.user.name).toBe('Lina Limite');
  });
});

/** Sends headers announcing `length` bytes of JSON and a first chunk, then reads the early answer. */
function declareOversized(
  base: string,
  method: string,
  path: string,
  length: number,
  token?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(length),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    req.write('{"name":"');
  });
}

describe('fields', () => {
  it('ignores unknown fields, and never lets them grant anything', async () => {
    const check = await w.api.call('POST', '/api/auth/check-user', {
      body: { phone: '0698765401', extra: 'ignored', nested: { a: 1 } },
    });
    expect(check.body).toEqual({ exists: true });
    const put = await w.api.call<{ user: { is_admin: boolean; name: string } }>(
      'PUT',
      '/api/users/{id}',
      {
        params: { id: player.id },
        token: player.token,
        body: {
          name: 'Lina L.',
          level: 'Niveau 2',
          photo: PNG_DATA_URL,
          is_admin: true,
          isAdmin: 1,
          role: 'admin',
        },
      },
    );
    expect(put.status).toBe(200);
    expect(put.body.user).toMatchObject({ name: 'Lina L.', is_admin: false });
    expect((await w.api.call('GET', '/api/admin/users', { token: player.token })).status).toBe(403);
  });

  it('refuses wrong types with 400 and the French rule', async () => {
    const phone = await w.api.call('POST', '/api/auth/check-user', { body: { phone: 698765401 } });
    expect(phone.status).toBe(400);
    expect(phone.body).toEqual({ error: 'Veuillez saisir votre numéro de téléphone' });
    const fields = { place_id: 1, date: '2030-01-01', time: '18:00', levels: ['Niveau 2'] };
    const slots = await w.api.call('POST', '/api/matches', {
      token: player.token,
      body: { ...fields, slots: 'beaucoup' },
    });
    expect(slots.status).toBe(400);
    expect(slots.body).toEqual({ success: false, error: 'Veuillez choisir un nombre de places.' });
    const levels = await w.api.call('POST', '/api/matches', {
      token: player.token,
      body: { ...fields, levels: 'Niveau 2', slots: 2, place_id: { id: 1 } },
    });
    expect(levels.status).toBe(400);
    expect(levels.body).toEqual({ success: false, error: 'Veuillez sélectionner un lieu' });
    const id = await w.api.call('GET', '/api/users/{id}', {
      params: { id: 'abc' },
      token: player.token,
    });
    expect(id.status).toBe(400);
    expect(id.body).toMatchObject({ error: 'Identifiant invalide.' });
  });
});

describe('rate limit', () => {
  it(`answers 429 in French once an address passes ${AUTH_RATE_LIMIT} authentication calls a minute`, async () => {
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < AUTH_RATE_LIMIT + 5; i++) {
      const res = await w.api.call('POST', '/api/auth/check-user-by-email', {
        body: { email: 'lina@example.fr' },
      });
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses).toContain(200);
    expect(statuses.at(-1)).toBe(429);
    expect(last).toMatchObject({
      error: 'Trop de requêtes. Veuillez patienter une minute avant de réessayer.',
    });
    expect((await w.api.call('GET', '/api/settings')).status).toBe(200);
  });
});
