// Lint rules, chiefly the import direction of the layers:
// domain ← shared ← server, web; the web may import server code only as types (AppType).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import path from 'node:path'

// A layer named by a relative path that climbs to it (`../../server/app`), never a package that
// happens to share its name (`react-dom/server`).
const layer = (name) => ({
  regex: `^(\\.\\./)+(src/)?${name}(/|$)`,
  message: `This layer must not import from ${name}/ (see docs/decisions/001-layers.md).`,
})

// The global `process` is the way to the environment; importing the module would be a way round
// the rule below that keeps process.env in src/server/env.ts.
const ENV_MODULES = ['process', 'node:process'].map((name) => ({
  name,
  message: 'Read configuration in src/server/env.ts (loadEnv) and pass the parsed Env.',
}))

// Anything not relative: a package, a driver, a framework or a `node:*` module.
const ANY_PACKAGE = '^[^.]'

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
                regex: packages === null ? ANY_PACKAGE : `^(?!(${packages})(/|$))[^.]`,
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
// A web feature (src/web/features/<name>/) may not import another feature: what two features
// share lives in src/web/components/ or src/web/lib/, and a page that shows several features is
// composed by its route in src/web/app/ (decision 083). The import is resolved against the file,
// so `../../bracket/x` from one feature and `../api/x` inside another are told apart.
const FEATURE = /(?:^|\/)src\/web\/features\/([^/]+)\//
const featureImports = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        'The {{from}} feature must not import from the {{to}} feature: move the shared piece to src/web/components/ or src/web/lib/, or compose the two in a route (docs/decisions/083-web-features-and-shared-pieces.md).',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename.split(path.sep).join('/')
    const from = FEATURE.exec(filename)?.[1]
    if (!from) return {}
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return
      const target = path.posix.join(path.posix.dirname(filename), source.value) + '/'
      const to = FEATURE.exec(target)?.[1]
      if (to && to !== from) {
        context.report({ node: source, messageId: 'crossFeature', data: { from, to } })
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
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
    files: ['src/web/features/**'],
    plugins: { 'golden-point': { rules: { 'feature-imports': featureImports } } },
    rules: { 'golden-point/feature-imports': 'error' },
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
)
