import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MSG } from '../../common/messages';
import type { E2E, TestPlayer } from './e2e-harness';

/** What a journey module gets from the suite: the running harness and the admin registered at start. */
export interface Suite {
  e2e: () => E2E;
  admin: () => TestPlayer;
}

/** Local-storage keys of the client (client/src/lib/storage.ts). */
export const STORED_USER_KEY = 'padel-match:user';

/**
 * Logs `player` in inside `context` without the UI (the UI login is its own journey): the server's
 * session cookie comes from auth.loginByEmail through the context's own request client, and the
 * user object is stored where the client keeps it. Then opens `path`.
 */
export async function loginInContext(context: BrowserContext, page: Page, player: TestPlayer, path = '/') {
  const res = await context.request.post('/trpc/auth.loginByEmail', {
    data: { email: player.email, pin: player.pin, deviceId: `e2e-device-${player.id}` },
  });
  if (!res.ok()) throw new Error(`login of ${player.email} failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { result: { data: { user: unknown } } };
  await page.goto('/find-match');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORED_USER_KEY,
    JSON.stringify(body.result.data.user),
  ] as const);
  await page.goto(path);
}

/** Waits until the page shows the logged-in shell (its main navigation). */
export async function expectShell(page: Page) {
  await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
}

/** Waits for a visible text (string = substring match), failing with a readable message. */
export async function expectText(page: Page, text: string | RegExp, timeout = 10_000) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** The main heading (h1) of the current page. */
export async function pageTitle(page: Page) {
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await h1.waitFor();
  return (await h1.textContent())?.trim() ?? '';
}

/** Current path of the page (no origin). */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits for the URL path to become `path`. */
export async function expectPath(page: Page, path: string) {
  await page.waitForURL((u) => u.pathname === path);
  expect(pathOf(page)).toBe(path);
}

let placeSeq = 0;
/** An active place created through the admin API, unique to the caller. */
export async function createPlace(admin: TestPlayer, prefix: string) {
  placeSeq += 1;
  const name = `${prefix} ${placeSeq}`;
  const place = await admin.api.admin.places.create.mutate({ name, address: `${placeSeq} rue du Padel`, city: 'Lyon', is_active: true });
  return { ...place, name, city: 'Lyon' };
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
