import { serverConfig } from './app.config';

describe('serverConfig', () => {
  const saved = { PORT: process.env.PORT, HOST: process.env.HOST, NODE_ENV: process.env.NODE_ENV };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
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

  it.each([
    ['development', '127.0.0.1'],
    ['test', '127.0.0.1'],
    ['production', '0.0.0.0'],
  ])('without HOST, NODE_ENV=%s listens on %s', (nodeEnv, host) => {
    delete process.env.HOST;
    process.env.NODE_ENV = nodeEnv;
    expect(serverConfig()).toMatchObject({ host, hostDefaulted: true });
  });

  it('listens where HOST says, in production too', () => {
    process.env.HOST = '10.0.0.5';
    process.env.NODE_ENV = 'production';
    expect(serverConfig()).toMatchObject({ host: '10.0.0.5', hostDefaulted: false });
  });
});
