/**
 * The push payload the server sends (JSON `{ title, body, url }`, in French) and where a tap may
 * lead. Pure functions, tested without a browser; the service worker's handlers are in push.ts.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site, e.g. `/matches/12`. */
  url: string;
}

const DEFAULT_TITLE = 'Padel Match';

/**
 * Only a path of this origin: a payload cannot send the player to another site (an absolute URL of
 * another origin, `//host`, `javascript:`…); anything else opens the home page.
 */
export function safeTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  try {
    const target = new URL(url, origin);
    if (target.origin !== origin) return '/';
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return '/';
  }
}

/** The payload as text; missing or malformed fields fall back to something still worth showing. */
export function parsePushPayload(text: string | null, origin: string): PushPayload {
  let data: unknown;
  try {
    data = text === null ? null : JSON.parse(text);
  } catch {
    // A plain-text push: its text is the body.
    return { title: DEFAULT_TITLE, body: text ?? '', url: '/' };
  }
  const fields = typeof data === 'object' && data !== null ? data : {};
  const title = 'title' in fields ? fields.title : undefined;
  const body = 'body' in fields ? fields.body : undefined;
  const url = 'url' in fields ? fields.url : undefined;
  return {
    title: typeof title === 'string' && title.trim() !== '' ? title : DEFAULT_TITLE,
    body: typeof body === 'string' ? body : '',
    url: safeTarget(url, origin),
  };
}
