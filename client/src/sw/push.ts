import { parsePushPayload, safeTarget } from './notification';

/** Icons the notification shows (written by client/pwa-assets.ts). */
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

/**
 * Web Push display (the server sends JSON `{ title, body, url }` in French): a push shows a
 * notification; a tap brings an open window of the app to `url`, or opens one.
 */
export function registerPushHandlers(sw: ServiceWorkerGlobalScope) {
  const origin = sw.location.origin;

  sw.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data?.text() ?? null, origin);
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        data: { url: payload.url },
        icon: ICON,
        badge: BADGE,
        lang: 'fr',
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const url = safeTarget(
      typeof data === 'object' && data !== null && 'url' in data ? data.url : '/',
      origin,
    );
    event.waitUntil(openOrFocus(sw, url));
  });
}

async function openOrFocus(sw: ServiceWorkerGlobalScope, path: string) {
  const target = new URL(path, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // The window the player was last in first: it holds their place in the app.
  const open =
    windows.find((c) => c.focused) ??
    windows.find((c) => c.visibilityState === 'visible') ??
    windows[0];
  if (open) {
    try {
      const focused = await open.focus();
      if (focused.url !== target) await focused.navigate(target);
      return;
    } catch {
      // navigate() refuses a window this worker does not control: open a new one instead.
    }
  }
  await sw.clients.openWindow(target);
}
