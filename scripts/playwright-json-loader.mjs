// Playwright runs the TypeScript sources as plain Node ESM, where `import { version } from
// '../package.json'` (common/limits.ts) needs `with { type: 'json' }` and gets no named exports.
// Vite, esbuild and tsx read such imports as modules with one export per top-level key; this hook
// (registered by playwright.config.ts) does the same for the project's own JSON files.
import { readFile } from 'node:fs/promises';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.json') || url.includes('/node_modules/'))
    return nextLoad(url, context);
  const data = JSON.parse(await readFile(new URL(url), 'utf8'));
  const keys =
    data && typeof data === 'object' && !Array.isArray(data)
      ? Object.keys(data).filter((k) => IDENTIFIER.test(k))
      : [];
  const source = [
    `const data = ${JSON.stringify(data)};`,
    'export default data;',
    ...keys.map((k, i) => `const k${i} = data[${JSON.stringify(k)}];\nexport { k${i} as ${k} };`),
  ].join('\n');
  return { format: 'module', source, shortCircuit: true };
}
