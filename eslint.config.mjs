// Lint for every workspace: typescript-eslint's recommended rules, plus the few that catch what this code must never
// do (a promise left floating loses its error; a misused promise in a callback loses its ordering).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.run/**', 'infra/kafka/target/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    // One program over every workspace and its tests (the packages' own tsconfigs leave the specs out).
    languageOptions: { parserOptions: { project: ['./tsconfig.eslint.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tests read untyped JSON answers; `any` there is the honest type.
      '@typescript-eslint/no-explicit-any': 'off',
      eqeqeq: ['error', 'always'],
      // Prettier keeps code to 140 columns but cannot break a long string; prose (register entries, enquiries, test
      // data) may run on, code may not.
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    // Plain CommonJS (the bootstrap runs before anything is installed): require is how it loads.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        __filename: 'readonly',
        console: 'readonly',
        jest: 'readonly',
      },
    },
  },
);
