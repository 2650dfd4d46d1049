import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHtmlDocument } from '../../server/html/render';

describe('renderHtmlDocument', () => {
  it('escapes user text and spells void tags and apostrophes the HTML5 way, without touching text that looks alike', () => {
    const hostile = `<script>alert("x")</script> & 'Club' /> &#x27;`;
    const html = renderHtmlDocument(
      h(
        'html',
        { lang: 'fr' },
        h('head', null, h('meta', { property: 'og:title', content: hostile })),
        h('body', null, h('h1', null, hostile)),
      ),
    );
    const escaped =
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Club&#39; /&gt; &amp;#x27;';
    expect(html.startsWith('<!doctype html>\n<html lang="fr">')).toBe(true);
    expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(html).toContain(`<h1>${escaped}</h1>`);
    expect(html).not.toContain('<script');
  });
});
