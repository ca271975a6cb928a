import { serverConfig } from './app.config';

describe('serverConfig', () => {
  const saved = process.env.PORT;
  afterEach(() => {
    if (saved === undefined) delete process.env.PORT;
    else process.env.PORT = saved;
  });

  it('validates one environment once: main.ts and the ConfigModule get the same settings', () => {
    process.env.PORT = '4100';
    const first = serverConfig();
    expect(serverConfig()).toBe(first);
    expect(first.port).toBe(4100);
  });

  it('validates a changed environment anew', () => {
    process.env.PORT = '4101';
    const before = serverConfig();
    process.env.PORT = '4102';
    expect(serverConfig().port).toBe(4102);
    expect(serverConfig()).not.toBe(before);
  });
});
