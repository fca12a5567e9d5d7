import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Server layers and module boundaries (docs/server.md). Core `no-restricted-imports` on the import
 * specifier, so each rule is written per folder depth: from `modules/X/a.ts` another module is
 * `../Y/…`, from `modules/X/sub/b.ts` it is `../../Y/…`. A later block replaces an earlier one's
 * options for the same rule, so every server file gets exactly one of the blocks below.
 */
const SERVER = 'apps/server/src';
const MODULE_INDEX_MESSAGE = "Import another server module through its index.ts ('…/<module>/index.js'): its other files are private (docs/server.md).";
const LOWER_LAYER_MESSAGE = 'lib/, db/ and http/ sit below the modules: they never import modules/, services.ts, app.ts or main.ts (docs/server.md).';
// Any path through a modules/ folder into a module's file other than its index.
const deepModuleImport = { regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: MODULE_INDEX_MESSAGE };
const moduleBoundaries = [0, 1, 2, 3].map((depth) => {
  const up = '\\.\\./'.repeat(depth + 1);
  return {
    // modules/X/*.ts, modules/X/*/*.ts, …: tests included, they reach inside their own module only.
    files: [`${SERVER}/modules/*/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^${up}(?!\\.\\.)[^/]+/(?!index\\.js$)`, message: MODULE_INDEX_MESSAGE }, deepModuleImport] }],
    },
  };
});
const lowerLayerPatterns = [
  { regex: '(^|/)modules/', message: LOWER_LAYER_MESSAGE },
  { regex: '^(\\.\\./)+(services|app|main)\\.js$', message: LOWER_LAYER_MESSAGE },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.react-router/**', 'data/**', 'test-results/**', 'bench/results/**', 'screenshots/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Web boundaries (docs/web.md, "Where things are"): lib/ (no UI) and ui/ (widgets) serve every
  // feature and know none of them; features never reach into route modules, which compose them.
  {
    files: ['apps/web/app/lib/**/*.{ts,tsx}', 'apps/web/app/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/features'],
              message: 'app/lib and app/ui serve every feature and import none: move the shared piece down into lib/ or ui/.',
            },
            { group: ['**/routes/**', '**/routes'], message: 'app/lib and app/ui never import route modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/routes/**', '**/routes'], message: 'Features never import route modules: routes compose features, not the reverse.' }] },
      ],
    },
  },
  {
    // The one exception: the table of i18n namespaces names each feature's language files (types for
    // i18next, every namespace for the server render, one lazy chunk per language for the browser).
    files: ['apps/web/app/lib/i18n/index.ts', 'apps/web/app/lib/i18n/all.server.ts', 'apps/web/app/lib/i18n/texts.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.browser } },
  },
  {
    // The composition root (services.ts, app.ts, main.ts), realtime/, web/ and the seed use modules through their index too.
    // src/test/ is left free: its fixtures build worlds and may reach inside a module.
    files: [`${SERVER}/*.ts`, `${SERVER}/realtime/**/*.ts`, `${SERVER}/web/**/*.ts`, `${SERVER}/seed/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepModuleImport] }] },
  },
  ...moduleBoundaries,
  {
    files: [`${SERVER}/lib/**/*.ts`, `${SERVER}/db/**/*.ts`, `${SERVER}/http/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: lowerLayerPatterns }] },
  },
  {
    // The Database type is the sum of the tables each module owns: db/schema.ts names them through
    // the modules' indexes, type-only (erased from the build, so no runtime edge from db/ upwards).
    files: [`${SERVER}/db/schema.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: lowerLayerPatterns.map((pattern) => ({ ...pattern, allowTypeImports: true })) }] },
  },
);
