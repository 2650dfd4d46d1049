import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { readOfflineSnapshot } from '../lib/offline-snapshot';
import { offlinePageHtml } from './offline-page';
import { registerPushHandlers } from './push';

declare let self: ServiceWorkerGlobalScope;
/** The build's files (URL and revision), written in by client/sw-build.ts. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

/**
 * The service worker, served as /sw.js and registered from `/` (scope `/`).
 *
 * - The app shell (scripts, styles, fonts, icons) is precached, so the app opens at once and works
 *   when the network drops; a new build's worker waits until the player taps "Recharger".
 * - Pages come from the network; when it is gone, the offline page answers, with the last
 *   "Mes matchs" this device saw (client/src/lib/offline-snapshot.ts).
 * - /trpc and /api are never answered nor stored here: they carry personal data, and a stale
 *   answer would be wrong anyway. No route matches them, so they go to the network untouched.
 */
const PRIVATE = [/^\/trpc(\/|$)/, /^\/api(\/|$)/];

// Registered before the precache's route: routes match in order, and a page must never be the
// precached index.html (it would show a stale shell and hide the offline page).
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      try {
        return await fetch(request);
      } catch {
        const html = offlinePageHtml(await readOfflineSnapshot(), `${url.pathname}${url.search}`);
        return new Response(html, {
          status: 503,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-store',
            // The page has no script; its style is inline.
            'content-security-policy':
              "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; manifest-src 'self'",
          },
        });
      }
    },
    { denylist: PRIVATE },
  ),
);

precacheAndRoute(
  __PRECACHE_MANIFEST__.filter((e) => !PRIVATE.some((p) => p.test(e.url))),
  // Hashed file names are their own revision; the rest carry one (see client/sw-build.ts).
  { ignoreURLParametersMatching: [/.*/] },
);
cleanupOutdatedCaches();

// The first worker takes the open pages at once (nothing to update); a later one waits for this.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING')
    void self.skipWaiting();
});
clientsClaim();

registerPushHandlers(self);
