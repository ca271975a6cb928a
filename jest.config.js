// Two projects so unit specs (beside the code) and end-to-end specs (test/) can run apart or together.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages: Node itself require()s them, but Jest's CommonJS runtime needs them compiled.
const esmOnly = [
  'request-filtering-agent',
  // linkedom's dependencies (search: HTML text extraction)
  'css-select', 'css-what', 'domutils', 'dom-serializer', 'domhandler', 'entities', 'boolbase', 'nth-check',
  'domelementtype',
];
const swcEsm = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }];
// PGlite's CommonJS build loads Node built-ins with import(), which Jest's CommonJS runtime cannot
// run: compiled, those become require() calls.
const dynamicImports = ['@electric-sql/pglite'];
const common = {
  transform: {
    '^.+\\.ts$': swc,
    [`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: swcEsm,
    [`/node_modules/(${dynamicImports.join('|')})/.+\\.cjs$`]: swcEsm,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${[...esmOnly, ...dynamicImports].join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/utils/jest-env.ts'],
};
module.exports = {
  testTimeout: 20000,
  projects: [
    { ...common, displayName: 'unit', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...common, displayName: 'e2e', rootDir: __dirname, testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
  ],
};
