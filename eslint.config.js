import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Layers only point down: db -> server/lib (with server/env) -> outbound adapters (mail, sms,
 * push, calendar) -> deps.ts -> services -> transports (tRPC routers, REST, server/transport, share and
 * unsubscribe pages) -> app (app.ts, create-deps.ts, index.ts, cli/). Each folder of the server is
 * one layer, so a rule matches an import's path segments (`../services/auth/sessions`), whatever
 * the depth of the importing file. `npm run lint:cycles` checks the same tree for import cycles.
 */
const layer = (names) => `(^|/)(${names.join('|')})(/|$)`;
const APP = ['app', 'create-deps', 'cli', 'start-errors', 'index'];
const TRANSPORTS = ['trpc', 'routers', 'rest', 'transport', 'share', 'unsubscribe-page', 'robots'];
const SERVICES = ['services'];
const DEPS = ['deps'];
const ADAPTERS = ['mail', 'sms', 'push', 'calendar'];
// Outside the server, only a path that climbs to a top-level folder names it (db/ has its own client.ts).
const topFolder = (names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;
const below = (message, ...groups) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [{ regex: layer(groups.flat()), message }] },
  ],
});
/*
 * Inside the services, domains point down too (issue 39): a domain that makes a change writes its
 * consequences into the sinks below it (the change announcements of events/, the notices of
 * notifications/), and the readers of every domain (live streams, the admin, the worker) sit on top.
 * A domain imports only the rows above its own; one row's folders never import each other.
 */
const DOMAINS = [
  ['events', 'audit', 'rooms'],
  ['push', 'notifications'],
  ['integrations', 'auth'],
  ['chat'],
  ['matches'],
  ['results', 'groups'],
  ['evenings'],
  ['wants', 'seasons'],
  ['account'],
  ['admin'],
  ['live', 'worker'],
];
const domainOrder = DOMAINS.map((row, i) => {
  const notBelow = DOMAINS.slice(i).flat();
  return {
    files: [`server/services/{${row.join(',')}}/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: layer([...TRANSPORTS, ...APP]), message: 'Services know no transport.' },
            {
              regex: `^\\.\\./(${notBelow.join('|')})/`,
              message: `${row.join(', ')} may import only the domains listed before it in DOMAINS (eslint.config.js).`,
            },
          ],
        },
      ],
    },
  };
});
const outside = (message, names) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [{ regex: topFolder(names), message }] },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.ab/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'db/migrations/**',
      'test-artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { drizzle },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through server/env.ts.',
        },
      ],
    },
  },
  {
    // The few places allowed to read the environment: the config parser, scripts and the test harness.
    files: [
      'server/env.ts',
      'scripts/**',
      'tests/**',
      'bench/**',
      '*.config.ts',
      'db/migrate.ts',
      'db/seed.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'tests/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/lib/**', 'server/env.ts'],
    rules: below(
      'server/lib is the bottom layer of the server: it imports common/, db/, server/env and itself only.',
      DEPS,
      ADAPTERS,
      SERVICES,
      TRANSPORTS,
      APP,
    ),
  },
  {
    files: ['server/mail/**', 'server/sms/**', 'server/push/**', 'server/calendar/**'],
    rules: below('Adapters sit below deps.ts and the services.', DEPS, SERVICES, TRANSPORTS, APP),
  },
  {
    files: ['server/deps.ts'],
    rules: below('deps.ts bundles the layers below the services.', SERVICES, TRANSPORTS, APP),
  },
  {
    files: ['server/services/**'],
    rules: below(
      'Services know no transport: tRPC, REST and HTTP glue call them.',
      TRANSPORTS,
      APP,
    ),
  },
  ...domainOrder,
  {
    files: [
      'server/{trpc,routers,rest,transport,share}/**',
      'server/unsubscribe-page.ts',
      'server/robots.ts',
    ],
    rules: below('Transports are assembled by app.ts, never the other way round.', APP),
  },
  {
    // ADR 0014: tRPC would check a bare zod schema with `parseAsync`, which skips the checks zod
    // compiles; every output goes through `parsed` so none slips back to the slow path.
    files: ['server/routers/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='output']:not([arguments.0.callee.name='parsed'])",
          message: 'Wrap the output schema in parsed(...) from server/trpc/init (ADR 0014).',
        },
      ],
    },
  },
  {
    files: ['db/**'],
    rules: {
      ...outside('db/ is the bottom layer: it imports common/ only.', ['server', 'client']),
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^(\\.\\.\\x2F)+(server|client)\\x2F/]',
          message: 'db/ is the bottom layer: it imports common/ only.',
        },
      ],
    },
  },
  {
    // The `npm run db:*` commands (compiled: `node dist/db/<name>.js`, an operator interface) are
    // entry points, not layers: their main block reads the same parsed environment as the server,
    // and `db:seed --demo` hashes PINs like the server. Only these loads, only in these files.
    files: ['db/migrate.ts', 'db/seed.ts', 'db/backup.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportExpression[source.value=/^(\\.\\.\\x2F)+(server|client)\\x2F/]:not([source.value='../server/env']):not([source.value='../server/cli/demo'])",
          message:
            'db/ is the bottom layer: only its command entry points load server/env (and the demo seeder).',
        },
      ],
    },
  },
  {
    files: ['common/**'],
    rules: outside('common/ is isomorphic and imports nothing of the app.', [
      'server',
      'client',
      'db',
    ]),
  },
  {
    files: ['client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        // Types only: the client takes the router's types for end-to-end typing, never server code.
        {
          patterns: [
            {
              regex: topFolder(['server', 'db']),
              allowTypeImports: true,
              message: 'The client imports server/ and db/ with `import type` only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', 'scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
