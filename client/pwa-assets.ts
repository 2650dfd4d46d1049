import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import {
  APPLE_TOUCH_ICON_PATH,
  BACKGROUND_COLOR,
  MANIFEST_PATH,
  THEME_COLOR,
} from '../common/pwa.ts';

/** The web app manifest (French): what Chromium checks to offer installing the app. */
export const WEB_APP_MANIFEST = {
  name: 'Padel Match',
  short_name: 'Padel Match',
  description: 'Trouvez, créez et rejoignez des matchs de padel près de chez vous.',
  lang: 'fr',
  dir: 'ltr',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['sports'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  shortcuts: [
    { name: 'Mes matchs', url: '/my-matches' },
    { name: 'Trouver un match', url: '/find-match' },
  ],
};

/** The drawing of an SVG without its outer `<svg>` element, to place inside another. */
function innerSvg(svg: string): string {
  const start = svg.indexOf('>', svg.indexOf('<svg')) + 1;
  return svg.slice(start, svg.lastIndexOf('</svg>'));
}

/**
 * The logo on a full square of the theme colour, scaled to `scale` of the side: a maskable icon
 * keeps what matters in the central 80 % circle (the launcher crops the rest), and iOS paints a
 * transparent corner black, so both get an opaque square.
 */
function onSquare(svg: string, scale: number): string {
  const offset = (64 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME_COLOR}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${innerSvg(svg)}</g></svg>`;
}

const BADGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="none" stroke="#ffffff" stroke-width="6"/><circle cx="32" cy="32" r="11" fill="#ffffff"/></svg>';

const png = (svg: string, size: number) =>
  new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

/** Every generated icon, by its path in the build. */
export function pwaIcons(logoSvg: string): Record<string, Buffer> {
  return {
    'icons/icon-192.png': png(logoSvg, 192),
    'icons/icon-512.png': png(logoSvg, 512),
    'icons/icon-maskable-512.png': png(onSquare(logoSvg, 0.6), 512),
    [APPLE_TOUCH_ICON_PATH.slice(1)]: png(onSquare(logoSvg, 0.8), 180),
    'icons/badge-96.png': png(BADGE_SVG, 96),
  };
}

/**
 * Writes the web app manifest and its PNG icons from the SVG logo at build time, so the icons can
 * never drift from the logo and no binary is committed.
 */
export function pwaAssets(logoPath: string): Plugin {
  return {
    name: 'padel-pwa-assets',
    apply: 'build',
    generateBundle() {
      for (const [fileName, source] of Object.entries(pwaIcons(readFileSync(logoPath, 'utf8'))))
        this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({
        type: 'asset',
        fileName: MANIFEST_PATH.slice(1),
        source: `${JSON.stringify(WEB_APP_MANIFEST, null, 2)}\n`,
      });
    },
  };
}
