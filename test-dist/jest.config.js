// The black-box suite of the built service (npm run test:dist): not part of `npm test`, which
// runs the unit and end-to-end projects of ../jest.config.js. Global setup starts dist/main.js
// once, with fakes of every upstream, and every test file talks to it over HTTP.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];
module.exports = {
  rootDir: __dirname,
  displayName: 'dist',
  testMatch: ['<rootDir>/**/*.dist-spec.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  // One shared service: test files run one after another in this process.
  maxWorkers: 1,
  testTimeout: 30000,
};
