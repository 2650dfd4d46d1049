import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

/**
 * An ICO file holding PNG images (read by every browser since IE Vista): a 6-byte header, one
 * 16-byte entry per size, then the PNGs themselves.
 */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/**
 * Writes `favicon.ico` (16, 32 and 48 px) from the SVG icon at build time: browsers and crawlers
 * ask for `/favicon.ico` whatever the page links, and a 404 there is an error in the console.
 */
export function faviconIco(svgPath: string, sizes = [16, 32, 48]): Plugin {
  return {
    name: 'padel-favicon-ico',
    apply: 'build',
    generateBundle() {
      const svg = readFileSync(svgPath);
      const images = sizes.map((size) => ({
        size,
        png: new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng(),
      }));
      this.emitFile({ type: 'asset', fileName: 'favicon.ico', source: icoFromPngs(images) });
    },
  };
}
