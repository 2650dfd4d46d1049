// What the browser journeys and `npm run screenshots` know of the app: typed API clients, players
// registered as the client does it, and a few page helpers.
import { createTRPCClient, httpLink } from '@trpc/client';
import type { BrowserContext, Page } from 'playwright-core';
import { EMPTY_FILTERS, filtersKey } from '../../client/src/pages/find/filters';
import { MSG } from '../../common/messages';
import type { AppRouter } from '../../server/trpc/root';

export const ADMIN_EMAIL = 'admin.e2e@padel-match.test';

/** Local-storage keys of the client (client/src/lib/storage.ts). */
export const STORED_USER_KEY = 'padel-match:user';

export type Api = ReturnType<typeof apiClient>;

/** A typed tRPC client on the running server, optionally acting with a session token. */
export function apiClient(baseUrl: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/trpc`,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}

export interface TestPlayer {
  id: number;
  name: string;
  email: string;
  phone: string;
  pin: string;
  token: string;
  isAdmin: boolean;
  api: Api;
}

/** Registers a player through the API, as the client does: send-otp-email, code from the mail, verify, register. */
export async function registerPlayer(
  baseUrl: string,
  smtp: { codeFor(to: string): Promise<string> },
  {
    name,
    email,
    phone,
    pin = '4827',
    keepQuietHours = false,
  }: { name: string; email: string; phone: string; pin?: string; keepQuietHours?: boolean },
): Promise<TestPlayer> {
  const api = apiClient(baseUrl);
  await api.auth.sendOtpEmail.mutate({ email });
  const code = await smtp.codeFor(email);
  await api.auth.verifyOtpEmail.mutate({ email, code });
  const r = await api.auth.register.mutate({ name, email, phone, pin, confirmPin: pin });
  if (!keepQuietHours) {
    // The e2e server runs on the real clock: at night a new player's quiet hours (22:00–08:00)
    // would hold the notices a journey waits for. Journeys about them keep them.
    const own = apiClient(baseUrl, r.token);
    const prefs = await own.users.notificationPreferences.query();
    await own.users.updateNotificationPreferences.mutate({ ...prefs, quiet_hours: null });
  }
  return {
    id: r.user.id,
    name,
    email,
    phone,
    pin,
    token: r.token,
    isAdmin: r.user.is_admin,
    api: apiClient(baseUrl, r.token),
  };
}

// Playwright workers share one server: what a worker creates carries its index (unique in a run).
const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 100;

let playerSeq = 0;
/** Unique name, e-mail and phone for a player of this run. */
export function uniquePlayer(prefix: string) {
  playerSeq += 1;
  const n = `${String(worker).padStart(2, '0')}${String(playerSeq % 10_000).padStart(4, '0')}`;
  return {
    name: `${prefix} ${worker}-${playerSeq}`,
    email: `${prefix.toLowerCase().replace(/[^a-z]/g, '')}.${n}@padel-match.test`,
    phone: `06${n}${String(playerSeq % 100).padStart(2, '0')}`,
  };
}

let placeSeq = 0;
/** An active place created through the admin API, unique to the caller. */
export async function createPlace(admin: TestPlayer, prefix: string) {
  placeSeq += 1;
  const name = `${prefix} ${worker}-${placeSeq}`;
  const place = await admin.api.admin.places.create.mutate({
    name,
    address: `${placeSeq} rue du Padel`,
    city: 'Lyon',
    is_active: true,
  });
  return { ...place, name, city: 'Lyon' };
}

/**
 * Logs `player` in inside `context` without the UI (the UI login is its own journey): the server's
 * session cookie comes from auth.loginByEmail through the context's own request client, and the
 * user object is stored where the client keeps it. Then opens `path`.
 */
export async function loginInContext(
  context: BrowserContext,
  page: Page,
  player: TestPlayer,
  path = '/',
) {
  const res = await context.request.post('/trpc/auth.loginByEmail', {
    data: { email: player.email, pin: player.pin, deviceId: `e2e-device-${player.id}` },
  });
  if (!res.ok())
    throw new Error(`login of ${player.email} failed: ${res.status()} ${await res.text()}`);
  const body: unknown = await res.json();
  const user = storedUser(body);
  await page.goto('/find-match');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORED_USER_KEY,
    JSON.stringify(user),
  ] as const);
  await page.goto(path);
}

/** The user object of a tRPC login answer (`{ result: { data: { user } } }`). */
function storedUser(body: unknown): unknown {
  const result = body && typeof body === 'object' && 'result' in body ? body.result : undefined;
  const data = result && typeof result === 'object' && 'data' in result ? result.data : undefined;
  if (!data || typeof data !== 'object' || !('user' in data))
    throw new Error(`unexpected login answer: ${JSON.stringify(body)}`);
  return data.user;
}

/**
 * Opens the find screen with only the matches of `placeId`, as when the player has chosen that place
 * in the filters (kept per player on the device): journeys running in parallel on one server see
 * each other's matches, and the list shows twelve at a time.
 */
export async function findAt(page: Page, player: TestPlayer, placeId: number) {
  const filters = JSON.stringify({ ...EMPTY_FILTERS, where: `place:${placeId}` });
  // Written from another screen: an open find screen saves its own filters and could overwrite these.
  await page.goto('/my-matches');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    filtersKey(player.id),
    filters,
  ] as const);
  await page.goto('/find-match');
  await page.waitForFunction(([key, value]) => localStorage.getItem(key) === value, [
    filtersKey(player.id),
    filters,
  ] as const);
}

/** Waits until the page shows the logged-in shell (its main navigation). */
export async function expectShell(page: Page) {
  await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
}

/** Waits for a visible text (string = substring match), failing with a readable message. */
export async function expectText(page: Page, text: string | RegExp, timeout = 10_000) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** Waits for the URL path to become `path`. */
export async function expectPath(page: Page, path: string) {
  await page.waitForURL((u) => u.pathname === path);
}

/**
 * A player with no level who joins a levelled match is asked for it first: this keeps the level the
 * dialog proposes (the match's first) and goes on with the join.
 */
export async function setLevelFirst(page: Page) {
  const dialog = page.getByRole('dialog', { name: MSG.levelFirst.title });
  await dialog.getByRole('button', { name: MSG.levelFirst.confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}
