import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_PATH } from '../../../common/pwa';

/**
 * The installable app, as the page sees it: whether a new build waits ("Nouvelle version
 * disponible — Recharger") and whether the browser offered to install the app
 * (`beforeinstallprompt`, kept to be shown from the menu).
 */

/** Chromium's event (not in the DOM typings): `prompt()` shows its install dialog, once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

const isInstallPrompt = (event: Event): event is BeforeInstallPromptEvent =>
  'prompt' in event && typeof event.prompt === 'function';

export interface PwaState {
  /** Set when a new worker is installed and waiting: activates it, then reloads the page. */
  applyUpdate: (() => void) | null;
  installPrompt: BeforeInstallPromptEvent | null;
}

let state: PwaState = { applyUpdate: null, installPrompt: null };
const listeners = new Set<() => void>();

function setState(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePwaState = () => useSyncExternalStore(subscribe, () => state);

/** For tests: back to a page with no update waiting and no install offer. */
export const resetPwaState = () => setState({ applyUpdate: null, installPrompt: null });
/** For tests: a new build waiting, as the worker's registration would report it. */
export const announceUpdate = (applyUpdate: () => void) => setState({ applyUpdate });
/** For tests and the menu: the browser's install offer, or none. */
export const setInstallPrompt = (installPrompt: BeforeInstallPromptEvent | null) =>
  setState({ installPrompt });

/**
 * Listens for the browser's install offer; called once at start, before React renders, since the
 * event may come before any component mounts. The mini-infobar is kept back: the menu offers it.
 */
export function listenForInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPrompt(event)) return;
    event.preventDefault();
    setInstallPrompt(event);
  });
  target.addEventListener('appinstalled', () => setInstallPrompt(null));
}

/** Shows the browser's install dialog; the event is spent whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = state.installPrompt;
  if (!event) return;
  setInstallPrompt(null);
  await event.prompt();
  await event.userChoice;
}

/** The app runs as an installed app (its own window), not in a browser tab. */
export function isStandalone(win: Window = window): boolean {
  const nav: Navigator & { standalone?: boolean } = win.navigator;
  return (
    (typeof win.matchMedia === 'function' &&
      win.matchMedia('(display-mode: standalone)').matches) ||
    nav.standalone === true
  );
}

/** iPhone, iPod, iPad (which says it is a Mac, but has a touch screen). */
export function isIos(nav: Navigator = navigator): boolean {
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) ||
    (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}

/** How often an open app asks whether a new build was deployed (the browser also does on each load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker from `/` (scope `/`). A worker of a later build waits; the app then
 * shows "Nouvelle version disponible — Recharger", whose button tells it to take over, and the page
 * reloads once it has. Production builds only: in development, Vite serves modules the worker
 * would not know.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox(SERVICE_WORKER_PATH, { scope: '/' });
  wb.addEventListener('waiting', () =>
    announceUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    }),
  );
  void wb.register().then((registration) => {
    if (!registration) return;
    // Offline, the check fails: the next one tries again.
    const check = () => void wb.update().catch(() => undefined);
    window.setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  });
}
