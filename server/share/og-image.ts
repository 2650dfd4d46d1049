import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createElement as h, type ReactNode } from 'react';
import { shortTime } from '../../common/schedule';
import { freePlacesLabel, sharedKind, type SharedMatch } from './render';

const INK = '#14213d';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** A level as the image shows it: its name on its admin-chosen colour. */
export interface OgLevel {
  name: string;
  colour: string;
}

/** Everything the image shows, and nothing else: the cache key is derived from it. */
export interface OgMatch extends Omit<SharedMatch, 'levels' | 'id'> {
  levels: OgLevel[];
}

// The fonts ship in an npm package and are read once: nothing is fetched while serving.
// Satori reads woff (not woff2); the latin subset holds French accents, « », the em dash and NNBSP.
const fontFile = (weight: 400 | 700) =>
  readFileSync(
    createRequire(import.meta.url).resolve(
      `@fontsource/inter/files/inter-latin-${weight}-normal.woff`,
    ),
  );
const FONTS = [
  { name: 'Inter', data: fontFile(400), weight: 400 as const, style: 'normal' as const },
  { name: 'Inter', data: fontFile(700), weight: 700 as const, style: 'normal' as const },
];

const DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "Samedi 20 juin". */
export const ogDay = (date: string) => capitalised(DAY.format(new Date(`${date}T00:00:00Z`)));

const freePlacesText = (n: number) =>
  n <= 0 ? 'Complet' : `${freePlacesLabel(n)} ${n === 1 ? 'libre' : 'libres'}`;

/** The image's text for screen readers and previews that do not load it. */
export const ogImageAlt = (
  m: Pick<
    SharedMatch,
    'place_name' | 'city' | 'date' | 'time' | 'levels' | 'missing_players' | 'kind' | 'evening_name'
  >,
) =>
  `${sharedKind(m)} à ${m.place_name} (${m.city}), ${ogDay(m.date).toLowerCase()} à ${shortTime(m.time)} — ${m.levels.join(', ')} — ${freePlacesText(m.missing_players)}`;

/** Dark or white text on a level's colour: whichever contrasts more (WCAG relative luminance). */
export function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // INK's luminance is about 0.016: the two contrasts are equal where (L + 0.05)² = 1.05 × 0.066.
  return luminance > 0.21 ? INK : '#ffffff';
}

const BRAND = '#0f766e';
const MUTED = '#5b6478';

const box = (style: Record<string, string | number>, ...children: ReactNode[]) =>
  h('div', { style: { display: 'flex', ...style } }, ...children);

function card(m: OgMatch): ReactNode {
  const full = m.missing_players <= 0;
  return box(
    {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      boxSizing: 'border-box',
      flexDirection: 'column',
      padding: '56px 64px',
      background: '#f3f6fb',
      fontFamily: 'Inter',
      color: INK,
    },
    box(
      { justifyContent: 'space-between', alignItems: 'center' },
      box(
        { fontSize: 40, fontWeight: 700, color: BRAND },
        m.evening_name ?? (m.kind === 'competitif' ? 'Match compétitif' : 'Padel Match'),
      ),
      box(
        {
          fontSize: 40,
          fontWeight: 700,
          padding: '12px 28px',
          borderRadius: 999,
          background: full ? '#b91c1c' : BRAND,
          color: '#ffffff',
        },
        freePlacesText(m.missing_players),
      ),
    ),
    box(
      { flexDirection: 'column', flexGrow: 1, justifyContent: 'center' },
      h(
        'div',
        {
          style: { fontSize: 76, fontWeight: 700, lineHeight: 1.1, lineClamp: 2, display: 'block' },
        },
        m.place_name,
      ),
      h(
        'div',
        { style: { fontSize: 40, color: MUTED, marginTop: 12, lineClamp: 1, display: 'block' } },
        m.city,
      ),
      box(
        { fontSize: 52, fontWeight: 700, marginTop: 32 },
        `${ogDay(m.date)} · ${shortTime(m.time)}`,
      ),
    ),
    box(
      { flexWrap: 'wrap', gap: 16 },
      ...m.levels.map((l) =>
        box(
          {
            fontSize: 34,
            fontWeight: 700,
            padding: '10px 24px',
            borderRadius: 16,
            background: l.colour,
            color: textOn(l.colour),
          },
          l.name,
        ),
      ),
    ),
  );
}

/** The 1200×630 preview chat apps show for `/m/:id`: the match's public facts on one card. */
export async function renderOgImage(m: OgMatch): Promise<Buffer> {
  // Loaded on first use: a server that never renders a preview never pays for the renderers.
  const [{ default: satori }, { renderAsync }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  const svg = await satori(card(m), { width: OG_WIDTH, height: OG_HEIGHT, fonts: FONTS });
  // Rasterised on libuv's thread pool, not on the event loop that answers everyone else.
  return Buffer.from(
    (await renderAsync(svg, { fitTo: { mode: 'width', value: OG_WIDTH } })).asPng(),
  );
}

/** Changes whenever anything the image shows changes: the match, its place's name, a level's colour. */
export const ogVersion = (m: OgMatch) =>
  createHash('sha256').update(JSON.stringify(m)).digest('base64url').slice(0, 22);

/**
 * A bounded least-recently-used map of rendered images by version. The promise is stored, so a
 * burst of first requests for one match renders it once.
 */
export class OgImageCache {
  readonly #entries = new Map<string, Promise<Buffer>>();
  constructor(readonly max: number) {}

  get size() {
    return this.#entries.size;
  }

  get(version: string, render: () => Promise<Buffer>): Promise<Buffer> {
    let png = this.#entries.get(version);
    if (png) this.#entries.delete(version);
    else {
      png = render();
      const rendering = png;
      rendering.catch(() => {
        if (this.#entries.get(version) === rendering) this.#entries.delete(version);
      });
    }
    this.#entries.set(version, png);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.max) break;
      this.#entries.delete(oldest);
    }
    return png;
  }
}
