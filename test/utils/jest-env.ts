import 'reflect-metadata';
// Tests run quiet unless asked otherwise; each test that needs a setting sets it on process.env itself.
process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'test';
