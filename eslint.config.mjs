// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/results/', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'require-await': 'off',
    },
  },
  {
    // Every outbound client owns its dispatcher. getGlobalDispatcher() in a plain Node process is
    // Node's bundled undici, not the npm one: composing npm interceptors onto it broke every
    // SearxNG search in the production build while the Jest suite passed (issue 13).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'undici',
              importNames: ['getGlobalDispatcher', 'setGlobalDispatcher'],
              message:
                "Give the client its own dispatcher (new Agent() from 'undici'); the global one may be Node's bundled undici.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Identifier[name=/^[gs]etGlobalDispatcher$/]',
          message:
            "Give the client its own dispatcher (new Agent() from 'undici'); the global one may be Node's bundled undici.",
        },
        {
          selector: 'Literal[value=/undici\\.globalDispatcher/]',
          message: "Node's global dispatcher symbol is Node's bundled undici; use an own Agent.",
        },
      ],
    },
  },
);
