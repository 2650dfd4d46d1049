import type { ReactNode } from 'react';
import { KIND_TEXT, type TMatchKind } from '../../common/messages-court';
import { shortTime } from '../../common/schedule';
import { PwaHead } from '../html/pwa-head';
import { renderHtmlDocument } from '../html/render';

/** What the public share page may show of a match: nothing about its players but how many places are left. */
export interface SharedMatch {
  id: number;
  place_name: string;
  city: string;
  date: string;
  time: string;
  levels: string[];
  missing_players: number;
  /** An evening's name (« Soirée Americano »): the page and the preview say it instead of « Match ». */
  evening_name?: string | undefined;
  /** Amical or compétitif (issue 42); an evening's too. */
  kind?: TMatchKind;
}

/** « Match de padel » (« Match compétitif »), or the evening's name. */
export const sharedKind = (m: Pick<SharedMatch, 'evening_name' | 'kind'>) =>
  m.evening_name ?? (m.kind === 'competitif' ? 'Match compétitif' : 'Match de padel');

const SHORT_DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const LONG_DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (f: Intl.DateTimeFormat, date: string) => f.format(new Date(`${date}T00:00:00Z`));

export const freePlacesLabel = (n: number) =>
  n <= 0 ? 'Complet' : n === 1 ? '1 place' : `${n} places`;

/** The link preview: "2 places — Niveau 3, Niveau 4 — samedi 28 nov. 18:30 — Padel Club Lyon". */
export const shareTitle = (m: SharedMatch) =>
  [
    ...(m.evening_name ? [m.evening_name] : []),
    freePlacesLabel(m.missing_players),
    m.levels.join(', '),
    `${day(SHORT_DAY, m.date)} ${shortTime(m.time)}`,
    m.place_name,
  ].join(' — ');

export const SHARE_CSS_PATH = '/m/share.css';

interface LayoutProps {
  title: string;
  head: ReactNode;
  children: ReactNode;
}

function Layout({ title, head, children }: LayoutProps) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <PwaHead />
        {head}
        <link rel="stylesheet" href={SHARE_CSS_PATH} />
      </head>
      <body>
        <main className="card">
          <p className="brand">Padel Match</p>
          {children}
        </main>
      </body>
    </html>
  );
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);

/**
 * The public page of a match (`/m/:id`): server-rendered, no script, readable without a session.
 * It shows the place, city, date, time, levels and free places, never a name, phone or e-mail,
 * and carries Open Graph and Twitter tags so chat apps preview the link.
 */
export function renderSharePage(
  m: SharedMatch,
  o: {
    url: string;
    loginUrl: string;
    image: { url: string; alt: string; width: number; height: number };
    /** A private match (issue 25): said on the page, reached only through this link. */
    isPrivate?: boolean;
  },
): string {
  const title = shareTitle(m);
  const description = `${sharedKind(m)} à ${m.place_name} (${m.city}), ${day(LONG_DAY, m.date)} à ${shortTime(m.time)}. Rejoignez-le sur Padel Match.`;
  const head = (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Padel Match" />
      <meta property="og:locale" content="fr_FR" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={o.url} />
      <meta property="og:image" content={o.image.url} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(o.image.width)} />
      <meta property="og:image:height" content={String(o.image.height)} />
      <meta property="og:image:alt" content={o.image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={o.image.url} />
      <meta name="twitter:image:alt" content={o.image.alt} />
    </>
  );
  return renderHtmlDocument(
    <Layout title={title} head={head}>
      <h1>{m.place_name}</h1>
      {m.evening_name && <p>{m.evening_name}</p>}
      {o.isPrivate && <p className="private">{m.evening_name ? 'Soirée privée' : 'Match privé'}</p>}
      <dl>
        <Row label="Ville" value={m.city} />
        <Row label="Date" value={day(LONG_DAY, m.date)} />
        <Row label="Heure" value={shortTime(m.time)} />
        <Row label="Niveaux" value={m.levels.join(', ')} />
        {m.kind && <Row label={KIND_TEXT.label} value={KIND_TEXT.names[m.kind]} />}
        <Row
          label="Places libres"
          value={m.missing_players > 0 ? String(m.missing_players) : 'Complet'}
        />
      </dl>
      <a className="button" href={o.loginUrl}>
        Se connecter pour rejoindre
      </a>
    </Layout>,
  );
}

/** The 404 page of an unknown or deleted match. */
export function renderShareNotFound(): string {
  return renderHtmlDocument(
    <Layout title="Match introuvable — Padel Match" head={<meta name="robots" content="noindex" />}>
      <h1>Match introuvable</h1>
      <p>Ce match n’existe pas ou a été supprimé.</p>
      <a className="button" href="/">
        Voir les matchs
      </a>
    </Layout>,
  );
}

/** The page's only style: a static file, so the CSP needs no inline style or script. */
export const SHARE_CSS = `.private{font-weight:700}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f6fb;color:#14213d;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.card{box-sizing:border-box;width:min(28rem,calc(100% - 2rem));margin:1rem;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 8px 24px rgba(20,33,61,.12)}
.brand{margin:0 0 .5rem;color:#2563eb;font-weight:700;letter-spacing:.02em}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.2;overflow-wrap:anywhere}
dl{margin:0 0 1.5rem;display:grid;gap:.5rem}
dl div{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid #e5e9f2;padding-bottom:.5rem}
dt{color:#5b6478}
dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.button{display:block;text-align:center;padding:.75rem 1rem;border-radius:.75rem;background:#2563eb;color:#fff;font-weight:600;text-decoration:none}
.button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
`;
