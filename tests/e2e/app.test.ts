import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, browserStatus, printA11yTable, startE2E, stopE2E, type E2E, type TestPlayer } from '../support/e2e-harness';
import type { Suite } from '../support/e2e-app';
import { adminAccessJourney, mobileMenuJourney } from './journeys/access';
import { adminJourney } from './journeys/admin';
import { lockoutJourney, registrationJourney } from './journeys/auth';
import { findShareJourney } from './journeys/find-share';
import { densityJourney } from './journeys/density';
import { fitJourneys } from './journeys/fit';
import { matchJourney } from './journeys/matches';
import { matchPageJourneys } from './journeys/match-page';
import { waitlistJourney } from './journeys/waitlist';
import { doubleSubmitJourney, keyboardJourney, sessionEndedJourney, signUpBackAndForthJourney } from './journeys/dead-ends';

/**
 * Padel Match in a real Chromium against the real server (a child process), a fresh database and
 * an in-process SMTP server. One server and one browser for the whole run; each journey opens its
 * own browser contexts. The journeys live in ./journeys and register their tests here, in order.
 */
const status = browserStatus();

if (!status.available) {
  if (status.required) {
    it('Chromium is installed (E2E_REQUIRED)', () => {
      throw new Error(`E2E_REQUIRED is set but ${status.reason}`);
    });
  } else {
    console.warn(`[e2e] skipped: ${status.reason}`);
  }
}

describe.skipIf(!status.available)('Padel Match in Chromium', () => {
  const state: { e2e?: E2E; admin?: TestPlayer } = {};
  const suite: Suite = {
    e2e: () => {
      if (!state.e2e) throw new Error('the e2e harness did not start');
      return state.e2e;
    },
    admin: () => {
      if (!state.admin) throw new Error('the admin was not registered');
      return state.admin;
    },
  };
  const started = Date.now();

  beforeAll(async () => {
    state.e2e = await startE2E();
    state.admin = await state.e2e.registerPlayer({ name: 'Admin E2E', email: ADMIN_EMAIL, phone: '0611223344', pin: '1357' });
  });
  afterAll(async () => {
    printA11yTable();
    if (state.e2e) await stopE2E(state.e2e);
    console.log(`[e2e] run time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('serves the client and the health check; the ADMIN_EMAILS address registers as an admin', async () => {
    const res = await fetch(`${suite.e2e().baseUrl}/healthz`);
    expect(res.status).toBe(200);
    for (const path of ['/find-match', '/', '/no-such-page']) {
      const page = await fetch(`${suite.e2e().baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(await page.text()).toContain('<div id="root">');
    }
    expect(suite.admin().isAdmin).toBe(true);
  });

  registrationJourney(suite);
  adminJourney(suite);
  matchJourney(suite);
  findShareJourney(suite);
  waitlistJourney(suite);
  adminAccessJourney(suite);
  mobileMenuJourney(suite);
  lockoutJourney(suite);
  signUpBackAndForthJourney(suite);
  doubleSubmitJourney(suite);
  sessionEndedJourney(suite);
  keyboardJourney(suite);
  fitJourneys(suite);
  densityJourney(suite);
  matchPageJourneys(suite);
});
