// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'bench/results/',
      'test-dist/.generated/',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'require-await': 'off',
    },
  },
  {
    // Each module reads its settings once, in its config file (validateEnv in a registerAs
    // factory), so they are validated once and a test can replace them by key (issue 16).
    // tracing.bootstrap.ts reads OpenTelemetry's own OTEL_* variables before anything else loads.
    files: ['src/**/*.ts'],
    ignores: [
      'src/**/config/**',
      'src/**/*.config.ts',
      'src/**/*.spec.ts',
      'src/observability/tracing/tracing.bootstrap.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            "Read settings in the module's *.config.ts (validateEnv) and inject them by key.",
        },
      ],
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
