import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The calls `no-restricted-syntax` refuses outside the places that own server state. */
const SERVER_STATE_RULES = {
  queries: [
    {
      selector: 'CallExpression[callee.name=/^use(Suspense)?(Query|Queries|InfiniteQuery)$/]',
      message: 'Read server state in the feature’s api files (api/, api.ts or *-api.ts) and call that hook here.',
    },
  ],
  mutations: [
    {
      selector: 'CallExpression[callee.name="useMutation"]',
      message: 'Change server state through useChange (src/lib/change.ts), or download with useDownload.',
    },
  ],
  keys: [
    {
      selector: 'Property[key.name=/^(queryKey|cacheKey)$/] > ArrayExpression',
      message: 'Build the key with its area’s key factory (src/lib/query-keys.ts or the feature’s api/ keys), not inline.',
    },
  ],
};

export default tseslint.config(
  // The generated API client is never edited by hand, so it is not linted either.
  { ignores: ['dist', 'coverage', 'test-results', 'src/api/generated'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat['recommended-latest'], ...pluginQuery.configs['flat/recommended']],
  },
  {
    // Shared code must not reach into features or the app shell (shared -> features -> app).
    files: ['src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*', '!@/app/paths'], message: 'Shared code must not import features or the app shell.' }] }],
    },
  },
  {
    // Features do not import each other; what they share lives in src/lib or src/components.
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*', '!@/app/paths'], message: 'Import from your own feature relatively, or from src/lib / src/components.' }] }],
    },
  },
  ...['client-details', 'quote', 'contact-details', 'underwriting', 'amra', 'decision', 'set-up', 'review', 'complete'].map((page) => ({
    // A page of the application journey imports its own folder and ../shared, never another page.
    files: [`src/features/application/${page}/**`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@/features/*', '@/app/*', '!@/app/paths'], message: 'Import from your own feature relatively, or from src/lib / src/components.' },
        { group: ['client-details', 'quote', 'contact-details', 'underwriting', 'amra', 'decision', 'set-up', 'review', 'complete'].filter((other) => other !== page).map((other) => `**/${other}/**`), message: 'Pages do not import each other: move what both need into ../shared.' },
      ] }],
    },
  })),
  {
    // What the pages share must not reach back into any one of them.
    files: ['src/features/application/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@/features/*', '@/app/*', '!@/app/paths'], message: 'Import from your own feature relatively, or from src/lib / src/components.' },
        { group: ['**/client-details/**', '**/quote/**', '**/contact-details/**', '**/underwriting/**', '**/amra/**', '**/decision/**', '**/set-up/**', '**/review/**', '**/complete/**'], message: 'Shared code must not import a page.' },
      ] }],
    },
  },
  {
    // Server state is read in a feature's api files and changed through the one change hook
    // (issue 51): a page never holds its own query, and nothing calls useMutation but
    // src/lib/change.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', ...SERVER_STATE_RULES.queries, ...SERVER_STATE_RULES.mutations, ...SERVER_STATE_RULES.keys],
    },
  },
  {
    files: ['src/**/api/**', 'src/**/api.ts', 'src/**/*-api.ts', 'src/lib/**'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_STATE_RULES.mutations, ...SERVER_STATE_RULES.keys] },
  },
  {
    files: ['src/lib/change.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_STATE_RULES.keys] },
  },
  {
    files: ['*.config.{js,ts}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
