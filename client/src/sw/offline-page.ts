import type { OfflineSnapshot } from '../lib/offline-snapshot';

/**
 * The page the service worker answers a navigation with when the network is gone: "Vous êtes hors
 * ligne" and the last "Mes matchs" this device showed. Built as a string (no script: it must work
 * with nothing but this worker), every text escaped.
 */
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export const OFFLINE_TITLE = 'Vous êtes hors ligne';

const SAVED_AT = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f7f6;color:#10201d;line-height:1.5}
header{background:#0f766e;color:#fff;padding:.75rem 1rem;font-weight:700}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
ul{list-style:none;padding:0;margin:0;display:grid;gap:.75rem}
li{background:#fff;border:1px solid #d5e0dd;border-radius:.75rem;padding:.75rem 1rem;overflow-wrap:anywhere}
.place{font-weight:700;margin:0}
.meta{margin:.15rem 0 0;color:#3d524d}
.retry{display:inline-block;margin-top:1rem;padding:.65rem 1.2rem;border-radius:.5rem;background:#0f766e;color:#fff;text-decoration:none;font-weight:600}`;

export function offlinePageHtml(snapshot: OfflineSnapshot | null, retryPath: string): string {
  const list =
    snapshot === null
      ? '<p>Ouvrez « Mes matchs » une fois en ligne : vous les retrouverez ici la prochaine fois.</p>'
      : snapshot.matches.length === 0
        ? '<p>Vous n’aviez aucun match.</p>'
        : `<p class="meta">Tels que vous les avez vus ${escapeHtml(
            SAVED_AT.format(new Date(snapshot.savedAt)),
          )}.</p><ul>${snapshot.matches
            .map(
              (m) =>
                `<li><p class="place">${escapeHtml(m.place)}</p><p class="meta">${escapeHtml(
                  m.when,
                )}</p><p class="meta">${escapeHtml(m.address)}</p><p class="meta">${escapeHtml(
                  m.status,
                )}</p></li>`,
            )
            .join('')}</ul>`;
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0f766e"><link rel="manifest" href="/manifest.webmanifest">
<title>${OFFLINE_TITLE} — Padel Match</title><style>${STYLE}</style></head>
<body><header>Padel Match</header><main>
<h1>${OFFLINE_TITLE}</h1>
<p>Padel Match ne répond pas : vérifiez votre connexion. Les inscriptions et les changements attendront votre retour en ligne.</p>
<a class="retry" href="${escapeHtml(retryPath)}">Réessayer</a>
<h2>Mes matchs</h2>
${list}
</main></body></html>
`;
}
