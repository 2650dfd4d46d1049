import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

export const SW_FILE = 'sw.js';

/**
 * What the service worker precaches: the shell (index.html, scripts, styles), the icons and the
 * Latin web fonts. Not the other scripts' fonts (a French app; they still load from the network
 * when a name needs them), not the .woff copies of the .woff2 fonts, not the .br/.gz twins.
 */
const PRECACHED = /\.(html|js|css|png|svg|ico|webmanifest)$|-latin-[^/]*\.woff2$/;
const NOT_PRECACHED = /(^|\/)(sw\.js|robots\.txt)$|-latin-ext-|\.(br|gz)$/;
/** Vite's hashed names (assets/name-HASH.ext) are their own revision. */
const HASHED = /^assets\/.+-[\w-]{8,}\.\w+$/;

/** The URL and revision of each file of the build the worker precaches. */
export async function precacheManifest(outDir: string) {
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(outDir.length + 1)
        .split(sep)
        .join('/'),
    )
    .filter((f) => PRECACHED.test(f) && !NOT_PRECACHED.test(f))
    .sort();
  return Promise.all(
    files.map(async (f) => ({
      url: `/${f}`,
      revision: HASHED.test(f)
        ? null
        : createHash('sha256')
            .update(await readFile(join(outDir, f)))
            .digest('hex')
            .slice(0, 16),
    })),
  );
}

/**
 * Builds the service worker (client/src/sw/sw.ts, Workbox) into the client's build as /sw.js once
 * every other file is written, with the list of those files to precache: a new build is a new
 * worker (its bytes change with the list), which the app then offers to load ("Recharger").
 */
export function serviceWorker(entry: string): Plugin {
  let outDir = '';
  return {
    name: 'padel-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Before closeBundle, where precompress.ts writes the .br/.gz twins of every file (sw.js too).
    async writeBundle() {
      const manifest = await precacheManifest(outDir);
      await build({
        entryPoints: [entry],
        outfile: join(outDir, SW_FILE),
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        logLevel: 'warning',
        define: {
          __PRECACHE_MANIFEST__: JSON.stringify(manifest),
          // Workbox keeps its development logging behind this.
          'process.env.NODE_ENV': '"production"',
        },
      });
    },
  };
}
