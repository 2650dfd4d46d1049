import type { ReactNode } from 'react';

/** http(s) links and bare www. addresses, up to the next space or closing punctuation. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * A message as React nodes: plain text (React escapes it, so HTML shows as typed) with its links
 * made clickable. Links written by players open in a new tab and carry `noopener nofollow ugc`:
 * no access to this page, no ranking credit, flagged as user content.
 */
export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    if (start > last) out.push(text.slice(last, start));
    const raw = match[0];
    const href = raw.startsWith('www.') ? `https://${raw}` : raw;
    out.push(
      <a key={start} href={href} target="_blank" rel="noopener nofollow ugc">
        {raw}
      </a>,
    );
    last = start + raw.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
