// Lint rules, chiefly the import direction of the layers:
// domain ← shared ← server, web; the web may import server code only as types (AppType).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import path from 'node:path'

// A layer is named by its alias (`#server/app`, decision 116) or by a relative path that climbs
// to it (`../../server/app`), never by a package that happens to share its name (`react-dom/server`).
const layer = (name) => ({
  regex: `^(#${name}|(\\.\\./)+(src/)?${name})(/|$)`,
  message: `This layer must not import from ${name}/ (see docs/decisions/001-layers.md).`,
})

// The global `process` is the way to the environment; importing the module would be a way round
// the rule below that keeps process.env in src/server/env.ts.
const ENV_MODULES = ['process', 'node:process'].map((name) => ({
  name,
  message: 'Read configuration in src/server/env.ts (loadEnv) and pass the parsed Env.',
}))

// Anything neither relative nor an alias: a package, a driver, a framework or a `node:*` module.
const ANY_PACKAGE = '^[^.#]'

/**
 * The imports a layer may not make: other layers by name, and packages unless listed in
 * `packages` (a regex of the allowed ones; none when absent).
 */
const restrictImports = (layers, { packages, allowTypeImports = false } = {}) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: ENV_MODULES,
      patterns: [
        ...layers.map((name) => ({ ...layer(name), allowTypeImports })),
        ...(packages === undefined
          ? []
          : [
              {
                regex: packages === null ? ANY_PACKAGE : `^(?!(${packages})(/|$))[^.#]`,
                message:
                  'Pure rules and wire contracts import no framework, driver or node:* module ' +
                  '(see docs/decisions/086-lint-boundaries.md).',
              },
            ]),
      ],
    },
  ],
})

// Test code beside the rules may use the test tools; the rules themselves may not.
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*-fixtures.ts']
const layersOnly = (layers) => ({ rules: restrictImports(layers) })
// The aliases of tsconfig.json (decision 116), resolved as the rules below need them.
const ALIASES = {
  '#domain/': 'src/domain/',
  '#shared/': 'src/shared/',
  '#server/': 'src/server/',
  '#web/': 'src/web/',
  '#tests/': 'tests/',
}

/** The repository path an import names, or undefined for a package. */
function importTarget(filename, specifier) {
  if (specifier.startsWith('.')) {
    return path.posix.join(path.posix.dirname(filename), specifier)
  }
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix))
  return alias === undefined ? undefined : ALIASES[alias] + specifier.slice(alias.length)
}

/** A file's path from the repository root, with forward slashes. */
function repositoryPath(context) {
  const relative = path.relative(context.cwd, context.filename).split(path.sep).join('/')
  return relative.startsWith('..') ? context.filename.split(path.sep).join('/') : relative
}

/** Calls `check` with the source node of every import, re-export and lazy import of a file. */
function everyImport(check) {
  return {
    ImportDeclaration: (node) => check(node.source),
    ExportNamedDeclaration: (node) => check(node.source),
    ExportAllDeclaration: (node) => check(node.source),
    ImportExpression: (node) => check(node.source),
  }
}

// A web feature (src/web/features/<name>/) may not import another feature: what two features
// share lives in src/web/components/ or src/web/lib/, which import no feature themselves, and a
// page that shows several features is composed by its route in src/web/app/ (decision 083).
const WEB_FEATURE = /^src\/web\/features\/([^/]+)\//
const WEB_SHARED = /^src\/web\/(lib|components)\//
const featureImports = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        'The {{from}} feature must not import from the {{to}} feature: move the shared piece to src/web/components/ or src/web/lib/, or compose the two in a route (docs/decisions/083-web-features-and-shared-pieces.md).',
      sharedImportsFeature:
        'src/web/{{from}}/ holds pieces shared by features and must not import the {{to}} feature (docs/decisions/083-web-features-and-shared-pieces.md).',
    },
    schema: [],
  },
  create(context) {
    const filename = repositoryPath(context)
    const from = WEB_FEATURE.exec(filename)?.[1]
    const shared = WEB_SHARED.exec(filename)?.[1]
    if (!from && !shared) return {}
    return everyImport((source) => {
      if (!source || typeof source.value !== 'string') return
      const target = importTarget(filename, source.value)
      const to = target === undefined ? undefined : WEB_FEATURE.exec(target + '/')?.[1]
      if (!to) return
      if (shared) {
        context.report({
          node: source,
          messageId: 'sharedImportsFeature',
          data: { from: shared, to },
        })
      } else if (to !== from) {
        context.report({ node: source, messageId: 'crossFeature', data: { from, to } })
      }
    })
  },
}

// A server feature (src/server/features/<name>/) is a closed module: another feature reaches it
// only through its public entry, features/<name>/index.ts, and the layers the features stand on
// (auth, db, game, ledger, mail, middleware) import no feature at all (decision 155). app.ts and
// start-server.ts compose the features and may import any of them.
const SERVER_FEATURE = /^src\/server\/features\/([^/]+)\//
const SERVER_KERNEL = /^src\/server\/(auth|db|game|ledger|mail|middleware)\//
const serverFeatureImports = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        'The {{from}} feature must not import the internals of the {{to}} feature: move the shared piece to src/server/game/, or import it from features/{{to}}/index.ts (docs/decisions/155-server-kernel-and-feature-imports.md).',
      kernelImportsFeature:
        'src/server/{{from}}/ lies below the features and must not import the {{to}} feature (docs/decisions/155-server-kernel-and-feature-imports.md).',
    },
    schema: [],
  },
  create(context) {
    const filename = repositoryPath(context)
    const from = SERVER_FEATURE.exec(filename)?.[1]
    const kernel = SERVER_KERNEL.exec(filename)?.[1]
    if (!from && !kernel) return {}
    return everyImport((source) => {
      if (!source || typeof source.value !== 'string') return
      const target = importTarget(filename, source.value)
      const to = target === undefined ? undefined : SERVER_FEATURE.exec(target + '/')?.[1]
      if (!to || to === from) return
      if (kernel) {
        context.report({
          node: source,
          messageId: 'kernelImportsFeature',
          data: { from: kernel, to },
        })
      } else if (!/^src\/server\/features\/[^/]+\/index(\.ts)?$/.test(target)) {
        context.report({ node: source, messageId: 'crossFeature', data: { from, to } })
      }
    })
  },
}

/**
 * The unit a file belongs to: a feature folder (src/server/features/<name>, src/web/features/<name>),
 * a folder directly under a layer (src/server/db, src/web/lib, src/domain/bracket), or, outside
 * src/, its top folder (tests, e2e, bench, reliability, scripts).
 */
function unitOf(repoPath) {
  const parts = repoPath.split('/')
  if (parts[0] !== 'src') return parts[0]
  if ((parts[1] === 'server' || parts[1] === 'web') && parts[2] === 'features') {
    return parts.slice(0, 4).join('/')
  }
  return parts.length > 3 ? parts.slice(0, 3).join('/') : repoPath
}

// A relative import stays inside its unit; anything further is named by its alias, so an import
// says where it goes without counting `../` (decision 116).
const aliasImports = {
  meta: {
    type: 'suggestion',
    messages: {
      useAlias:
        'Import {{target}} through its alias ({{alias}}…) rather than a relative path that leaves {{unit}} (docs/decisions/116-import-aliases.md).',
    },
    schema: [],
  },
  create(context) {
    const filename = repositoryPath(context)
    const unit = unitOf(filename)
    return everyImport((source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('../')) return
      const target = importTarget(filename, source.value)
      if (target === unit || target.startsWith(unit + '/')) return
      const alias = Object.entries(ALIASES).find(([, folder]) => target.startsWith(folder))
      if (!alias) return
      // Outside src/, a file may reach its own top folder's neighbours relatively.
      if (!filename.startsWith('src/') && target.split('/')[0] === filename.split('/')[0]) return
      context.report({
        node: source,
        messageId: 'useAlias',
        data: { target, alias: alias[0], unit },
      })
    })
  },
}

export const rules = {
  'feature-imports': featureImports,
  'server-feature-imports': serverFeatureImports,
  'alias-imports': aliasImports,
}

export default tseslint.config(
  { ignores: ['dist', 'data', 'drizzle', 'coverage', 'playwright-report', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrictImports(['shared', 'server', 'web'], { packages: null }),
  },
  {
    files: TEST_FILES.map((glob) => `src/domain/${glob}`),
    ...layersOnly(['shared', 'server', 'web']),
  },
  { files: ['src/shared/**'], rules: restrictImports(['server', 'web'], { packages: 'zod' }) },
  { files: TEST_FILES.map((glob) => `src/shared/${glob}`), ...layersOnly(['server', 'web']) },
  { files: ['src/server/**'], rules: restrictImports(['web']) },
  { files: ['src/web/**'], rules: restrictImports(['server'], { allowTypeImports: true }) },
  {
    // Configuration is read once, in src/server/env.ts; everything else receives a parsed Env.
    files: ['src/**'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in src/server/env.ts (loadEnv) and pass the parsed Env.',
        },
      ],
    },
  },
  {
    plugins: {
      'golden-point': {
        rules: {
          'feature-imports': featureImports,
          'server-feature-imports': serverFeatureImports,
          'alias-imports': aliasImports,
        },
      },
    },
    rules: { 'golden-point/alias-imports': 'error' },
  },
  {
    files: ['src/web/features/**', 'src/web/lib/**', 'src/web/components/**'],
    rules: { 'golden-point/feature-imports': 'error' },
  },
  {
    // Tests may set a scene with another feature's helpers; the code they test may not.
    files: [
      'src/server/features/**',
      'src/server/{auth,db,game,ledger,mail,middleware,workers}/**',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'golden-point/server-feature-imports': 'error' },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Numbers and dates reach the screen only through src/web/lib/format.ts (decision 072), so
    // every screen of a language groups and punctuates them alike.
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    ignores: ['src/web/lib/format.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|toFixed)$/]',
          message: 'Format numbers and dates with src/web/lib/format.ts (decision 072).',
        },
        {
          selector:
            "MemberExpression[object.name='Intl'][property.name=/^(NumberFormat|DateTimeFormat)$/]",
          message: 'Format numbers and dates with src/web/lib/format.ts (decision 072).',
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'e2e/**',
      'tests/**',
      'reliability/**',
      '**/*.test.ts',
      'src/server/**/*-cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // A spec's `test` must be the one bound to its worker's own server (e2e/support/test.ts);
    // Playwright's own would send its pages to no server at all.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "Import test and expect from './support/test' (the worker's own server).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
)
