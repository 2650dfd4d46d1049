// Page checks shared by several journeys.
import { expect, type Locator, type Page } from '@playwright/test';
import type { TestPlayer } from '../../support/e2e-app';

/** The heading of the current authentication step. */
export const authStep = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: title }).waitFor();

/** Login step: e-mail, PIN, Se connecter. */
export async function loginThroughUi(page: Page, email: string, pin: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Code PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Keeps a screenshot of the whole page as it is now, to be looked at (test-artifacts/e2e/screens/). */
export async function keepScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-artifacts/e2e/screens/${name}.png`, fullPage: true });
}

/**
 * Nothing on the page is wider than the screen: no sideways scroll. Measured against the screen's
 * own width, since a phone browser widens its layout viewport (innerWidth) to fit wide content.
 */
export async function expectNoSideScroll(page: Page, where: string) {
  const screenWidth = page.viewportSize()?.width ?? 0;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect({ where, scrollWidth, innerWidth }).toEqual({
    where,
    scrollWidth: Math.min(scrollWidth, screenWidth),
    innerWidth: screenWidth,
  });
}

/** The element is wholly inside the viewport as the page is scrolled now, and is what a tap there hits. */
export async function expectInViewAndOnTop(page: Page, locator: Locator) {
  const b = await locator.boundingBox();
  const v = page.viewportSize();
  if (!b || !v) throw new Error(`no box for ${locator.toString()}`);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(v.width);
  expect(b.y + b.height).toBeLessThanOrEqual(v.height);
  const hit = await locator.evaluate(
    (el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)),
    [b.x + b.width / 2, b.y + b.height / 2],
  );
  expect(hit).toBe(true);
}

/** The box of a located element, failing when it has none (not rendered). */
export async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator.toString()}`);
  return b;
}

/** A match of one place on the second day offered, at 18:00, made through the API. */
export async function matchOf(organiser: TestPlayer, placeId: number, slots: number) {
  const { createDates } = await organiser.api.matches.schedule.query();
  return organiser.api.matches.create.mutate({
    place_id: placeId,
    date: createDates[1]!,
    time: '18:00',
    levels: ['Niveau 3'],
    slots,
  });
}
