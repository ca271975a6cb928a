// @ts-check
/**
 * Module boundaries, checked by `npm run lint` (issue 16). Each top-level folder under src/ is a
 * module. `common` is the shared kernel every module may use; it imports no module. A module uses
 * another only through its face: the `*.module.ts` (for Nest imports) and one `index.ts` for the
 * types and tokens that must cross. The root files (main.ts, app.module.ts, app.setup.ts) compose.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle ties modules (or files of one module) into one knot.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'common-imports-no-module',
      severity: 'error',
      comment: 'common is the shared kernel: modules build on it, it knows none of them.',
      from: { path: '^src/common/' },
      to: { path: '^src/', pathNot: '^src/common/' },
    },
    {
      name: 'only-through-the-face',
      severity: 'error',
      comment:
        'A module reaches another only through its face: the Nest module file and its index.ts. Export what is needed there instead of importing the file.',
      from: { path: '^src/([^/]+)/' },
      to: {
        path: '^src/[^/]+/',
        pathNot: [
          '^src/$1/',
          '^src/common/',
          '^src/[^/]+/[^/]+[.]module[.]ts$',
          '^src/[^/]+/index[.]ts$',
        ],
      },
    },
    {
      name: 'not-through-own-face',
      severity: 'error',
      comment: "A module's files import each other directly; its index.ts is for other modules.",
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/$1/index[.]ts$' },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'Folders import each other in one direction only (providers/adapters and providers/builtin once did both).',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type crossing folders is a dependency as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '[.]d[.]ts$' },
  },
};
