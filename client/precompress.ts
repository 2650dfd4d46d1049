import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every text file of the build, once,
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * the same bytes on every request. Small files are left alone: compression would not pay.
 */
export function precompress(minBytes = 1024): Plugin {
  let outDir = '';
  return {
    name: 'padel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => TEXT.test(f));
      await Promise.all(
        files.map(async (f) => {
          const path = join(outDir, f);
          const data = await readFile(path);
          if (data.length < minBytes) return;
          await writeFile(
            `${path}.br`,
            await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${path}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}
