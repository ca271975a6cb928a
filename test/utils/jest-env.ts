import 'reflect-metadata';
// Tests run quiet unless asked otherwise; each test that needs a setting sets it on process.env itself.
process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'test';
// RATE_LIMIT_MAX is one budget per caller across every route, and every app.inject() comes from
// 127.0.0.1 (counted in Redis across test files when REDIS_URL is set): the default 300 a minute
// would throttle unrelated tests. Tests about limits set their own.
process.env.RATE_LIMIT_MAX ??= '100000';
