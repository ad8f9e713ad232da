import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SRC = path.join(import.meta.dirname, 'src');

/**
 * The client's features, each importing only features listed before it: so no two features
 * import each other, however many steps apart (STYLE.md's one-way imports). A new feature
 * takes its place here, after every feature it uses.
 */
export const FEATURES = [
  'auth',
  'countries',
  'profiles',
  'entries',
  'reports',
  'comments',
  'moderation',
  'admin',
  'feedback',
  'votes',
  'recordings',
  'tags',
  'review-queue',
  'reminders',
  'flashcards',
  'chat',
  'concepts',
  'usage',
  'variants',
  'notifications',
  'push',
  'account',
  'search',
];
const unlisted = fs.readdirSync(path.join(SRC, 'features')).filter((name) => !FEATURES.includes(name));
if (unlisted.length > 0) throw new Error(`eslint.config.js: add src/features/${unlisted.join(', ')} to FEATURES, after the features it imports`);

const inFeature = (name) => `${SRC}/features/${name}/**`;
/** Tests (and their helpers) may import anything. */
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/features/*/test/**'];
/** The app: the shell, pages and router, composing the features. */
const APP = [`${SRC}/app/**`, `${SRC}/@(routes|main).tsx`];
/** Shared code: what any feature or page may use. (page-paths.ts and preload-page.ts import nothing.) */
const SHARED = [...['components', 'lib', 'i18n', 'styles'].map((dir) => `${SRC}/${dir}/**`), `${SRC}/page-paths.ts`, `${SRC}/preload-page.ts`];

/**
 * The rooms of STYLE.md as import rules: shared code → features → the app, one way. The app
 * (shell, pages, router) composes features and may import any of their modules: a page imports
 * what it alone shows, often lazily, so that a feature's index.ts stays light (the build puts
 * whatever an index imports into the chunks of every page importing it: vite.config.ts, sharedGroups).
 */
const boundaries = [
  { target: SHARED, from: [`${SRC}/features/**`, ...APP], message: 'Shared code (components, lib, i18n) imports no feature and nothing of the app.' },
  { target: `${SRC}/features/**`, from: APP, message: 'A feature imports nothing of the app (src/app, routes.tsx, main.tsx).' },
  ...FEATURES.map((name) => ({
    target: inFeature(name),
    from: `${SRC}/features/!(${name})/**`,
    except: [`${SRC}/features/*/index.ts`, `${SRC}/features/*/api/*-keys.ts`],
    message: 'Features meet only through a feature’s index.ts (or its api/*-keys.ts query keys).',
  })),
  ...FEATURES.slice(0, -1).map((name, index) => ({
    target: inFeature(name),
    from: FEATURES.slice(index + 1).map(inFeature),
    message: `${name} imports only features listed before it in FEATURES (eslint.config.js): no two features import each other.`,
  })),
];

// How import-x reads the modules an import leads to (no-cycle follows them): TypeScript's parser, the tsconfig's paths.
const importResolution = {
  'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
  'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'tsconfig.json') })],
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.jerga', 'scratch', 'test-results', 'src/types/database.generated.ts'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The client takes the /api's contract as types only: its schemas (and zod) stay out of
    // the bundle. Its limits are plain values, imported as such. (Tests may read the server's code.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@contract/*', '!@contract/limits'],
              allowTypeImports: true,
              message: 'The client imports the contract as types only (import type), its limits from @contract/limits.',
            },
            { group: ['zod', '**/supabase/functions/**'], message: 'The client reaches the contract through @contract/* (types only).' },
          ],
        },
      ],
    },
  },
  {
    // Boundaries (src/lint-boundaries.test.ts shows each rule a file that breaks it).
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { 'import-x': importX },
    settings: importResolution,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No module cycle in the stack or the edge functions either.
    files: ['stack/**/*.ts', 'supabase/functions/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: importResolution,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Small enough to read: no function over 150 lines, no file over 500 (tests aside).
    files: ['src/**/*.{ts,tsx}', 'stack/**/*.ts', 'supabase/functions/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }],
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    },
  },
);
