import 'reflect-metadata';
// Tests run quiet unless asked otherwise; each test that needs a setting sets it on process.env itself.
process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'test';
// RATE_LIMIT_MAX is one budget per caller across every route, and every app.inject() comes from
// 127.0.0.1 (counted in Redis across test files when REDIS_URL is set): the default 300 a minute
// would throttle unrelated tests. Tests about limits set their own.
process.env.RATE_LIMIT_MAX ??= '100000';
// Each test file's embedded documents database in a folder of its own (opened only when used).
if (!process.env.DATA_DIR) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { mkdtempSync } = require('node:fs') as typeof import('node:fs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { tmpdir } = require('node:os') as typeof import('node:os');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { join } = require('node:path') as typeof import('node:path');
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'quarry-test-data-'));
}
