import { describe, expect, it } from 'vitest';
import { OgImageCache, textOn } from '../../server/share/og-image';

describe('the preview image cache', () => {
  it('renders a version once, even for a burst of first requests', async () => {
    const cache = new OgImageCache(10);
    let renders = 0;
    const render = () => Promise.resolve(Buffer.from(`png ${++renders}`));
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get('v1', render)));
    expect(renders).toBe(1);
    expect(new Set(all.map(String))).toEqual(new Set(['png 1']));
  });

  it('keeps at most `max` versions, dropping the least recently used', async () => {
    const cache = new OgImageCache(2);
    const rendered: string[] = [];
    const render = (v: string) => () => (rendered.push(v), Promise.resolve(Buffer.from(v)));
    await cache.get('a', render('a'));
    await cache.get('b', render('b'));
    await cache.get('a', render('a')); // a is now the most recent
    await cache.get('c', render('c')); // b goes
    expect(cache.size).toBe(2);
    await cache.get('a', render('a'));
    await cache.get('b', render('b'));
    expect(rendered).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a failed render, so the next request tries again', async () => {
    const cache = new OgImageCache(2);
    await expect(cache.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(String(await cache.get('x', () => Promise.resolve(Buffer.from('ok'))))).toBe('ok');
  });
});

describe('level chips', () => {
  it('write dark on light colours and white on dark ones', () => {
    expect(textOn('#FFEB3B')).toBe('#14213d');
    expect(textOn('#1E40AF')).toBe('#ffffff');
    expect(textOn('#4CAF50')).toBe('#14213d');
  });
});
