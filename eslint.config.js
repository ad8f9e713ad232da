import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
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
);
