/**
 * The installable app's fixed names, shared by the client build (client/pwa-assets.ts, the service
 * worker) and the server's own pages (server/html/pwa-head.tsx).
 */
/** The app's colours (client/src/styles/tokens.css): the top bar's teal and the page background. */
export const THEME_COLOR = '#0f766e';
export const BACKGROUND_COLOR = '#f4f7f6';

export const MANIFEST_PATH = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON_PATH = '/apple-touch-icon.png';
/** The service worker's script, registered with scope `/`. */
export const SERVICE_WORKER_PATH = '/sw.js';
