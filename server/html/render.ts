import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A tag React closed the XHTML way (`<meta … />`); attribute values cannot hold `<` or `>`, React escapes them. */
const SELF_CLOSED = /<([a-z]+)([^<>]*)\/>/g;

/**
 * A server page as HTML: React escapes every text and attribute value by construction. Its output
 * is then spelled the HTML5 way the pages always were (`<meta …>`, `&#39;`), because link-preview
 * scrapers and the tests match those bytes. Both rewrites are exact: a text's `&` is always
 * written `&amp;`, so `&#x27;` is only React's own entity for `'`.
 */
export function renderHtmlDocument(page: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(page).replace(SELF_CLOSED, '<$1$2>').replaceAll('&#x27;', '&#39;')}\n`;
}
