import { shortTime } from '../../common/schedule';

/** What the public share page may show of a match: nothing about its players but how many places are left. */
export interface SharedMatch {
  id: number;
  place_name: string;
  city: string;
  date: string;
  time: string;
  levels: string[];
  missing_players: number;
}

/** Every user text goes through this before it reaches the page (place names come from admins, but still). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SHORT_DAY = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = (f: Intl.DateTimeFormat, date: string) => f.format(new Date(`${date}T00:00:00Z`));

export const freePlacesLabel = (n: number) => (n <= 0 ? 'Complet' : n === 1 ? '1 place' : `${n} places`);

/** The link preview: "2 places — Niveau 3, Niveau 4 — samedi 28 nov. 18:30 — Padel Club Lyon". */
export const shareTitle = (m: SharedMatch) =>
  [freePlacesLabel(m.missing_players), m.levels.join(', '), `${day(SHORT_DAY, m.date)} ${shortTime(m.time)}`, m.place_name].join(' — ');

export const SHARE_CSS_PATH = '/m/share.css';

interface Page {
  status: number;
  title: string;
  head: string;
  body: string;
}

const layout = ({ title, head, body }: Page) => `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${head}<link rel="stylesheet" href="${SHARE_CSS_PATH}">
</head>
<body>
<main class="card">
<p class="brand">Padel Match</p>
${body}
</main>
</body>
</html>
`;

/**
 * The public page of a match (`/m/:id`): server-rendered, no script, readable without a session.
 * It shows the place, city, date, time, levels and free places, never a name, phone or e-mail,
 * and carries Open Graph and Twitter tags so chat apps preview the link.
 */
export function renderSharePage(
  m: SharedMatch,
  o: { url: string; loginUrl: string; image: { url: string; alt: string; width: number; height: number } },
): Page & { html: string } {
  const title = shareTitle(m);
  const description = `Match de padel à ${m.place_name} (${m.city}), ${day(LONG_DAY, m.date)} à ${shortTime(m.time)}. Rejoignez-le sur Padel Match.`;
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">\n`;
  const head =
    meta('name', 'description', description) +
    meta('property', 'og:type', 'website') +
    meta('property', 'og:site_name', 'Padel Match') +
    meta('property', 'og:locale', 'fr_FR') +
    meta('property', 'og:title', title) +
    meta('property', 'og:description', description) +
    meta('property', 'og:url', o.url) +
    meta('property', 'og:image', o.image.url) +
    meta('property', 'og:image:type', 'image/png') +
    meta('property', 'og:image:width', String(o.image.width)) +
    meta('property', 'og:image:height', String(o.image.height)) +
    meta('property', 'og:image:alt', o.image.alt) +
    meta('name', 'twitter:card', 'summary_large_image') +
    meta('name', 'twitter:title', title) +
    meta('name', 'twitter:description', description) +
    meta('name', 'twitter:image', o.image.url) +
    meta('name', 'twitter:image:alt', o.image.alt);
  const row = (label: string, value: string) => `<div><dt>${label}</dt><dd>${escapeHtml(value)}</dd></div>`;
  const body = `<h1>${escapeHtml(m.place_name)}</h1>
<dl>
${row('Ville', m.city)}
${row('Date', day(LONG_DAY, m.date))}
${row('Heure', shortTime(m.time))}
${row('Niveaux', m.levels.join(', '))}
${row('Places libres', m.missing_players > 0 ? String(m.missing_players) : 'Complet')}
</dl>
<a class="button" href="${escapeHtml(o.loginUrl)}">Se connecter pour rejoindre</a>
`;
  const page = { status: 200, title, head, body };
  return { ...page, html: layout(page) };
}

/** The 404 page of an unknown or deleted match. */
export function renderShareNotFound(): Page & { html: string } {
  const page = {
    status: 404,
    title: 'Match introuvable — Padel Match',
    head: '<meta name="robots" content="noindex">\n',
    body: `<h1>Match introuvable</h1>
<p>Ce match n’existe pas ou a été supprimé.</p>
<a class="button" href="/">Voir les matchs</a>
`,
  };
  return { ...page, html: layout(page) };
}

/** The page's only style: a static file, so the CSP needs no inline style or script. */
export const SHARE_CSS = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f6fb;color:#14213d;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
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
