import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { faviconIco } from './favicon-ico.ts';
import { precompress } from './precompress.ts';
import { pwaAssets } from './pwa-assets.ts';
import { serviceWorker } from './sw-build.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    faviconIco(fileURLToPath(new URL('public/favicon.svg', import.meta.url))),
    pwaAssets(fileURLToPath(new URL('public/favicon.svg', import.meta.url))),
    // After every other file is written (writeBundle), before their .br/.gz twins (closeBundle).
    serviceWorker(fileURLToPath(new URL('src/sw/sw.ts', import.meta.url))),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': 'http://127.0.0.1:3000',
      '/api': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
});
