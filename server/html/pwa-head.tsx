import { APPLE_TOUCH_ICON_PATH, MANIFEST_PATH, THEME_COLOR } from '../../common/pwa';

/**
 * What every server-rendered page adds to its <head> so the browser knows the installable app
 * (the SPA's index.html carries the same tags).
 */
export function PwaHead() {
  return (
    <>
      <meta name="theme-color" content={THEME_COLOR} />
      <link rel="manifest" href={MANIFEST_PATH} />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON_PATH} />
    </>
  );
}
