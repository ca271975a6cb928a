import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { callEveryOperation } from './fixtures/quarry-client.program';
import { distEnv } from './support/dist-env';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const GENERATED = join(__dirname, '.generated');

/**
 * A client generated from the served document works: openapi-typescript (default settings)
 * writes the types, the README's calls compile under tsc --strict, and they run.
 */
describe('a client generated from /docs/json', () => {
  const env = distEnv();

  beforeAll(async () => {
    mkdirSync(GENERATED, { recursive: true });
    const document = await (await fetch(`${env.quarryUrl}/docs/json`)).text();
    writeFileSync(join(GENERATED, 'openapi.json'), document);
    await run(
      process.execPath,
      [
        // The package maps ./*.js to ./*.mjs in its exports, so its bin is found beside package.json.
        join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js'),
        join(GENERATED, 'openapi.json'),
        '--output',
        join(GENERATED, 'quarry-api.d.ts'),
      ],
      { cwd: ROOT },
    );
  }, 60_000);

  it('compiles the README calls with tsc --strict', async () => {
    const tsc = require.resolve('typescript/bin/tsc');
    // The program's own tsconfig: no @types packages, as in a user's project (and twice as fast).
    const args = [tsc, '-p', join(__dirname, 'fixtures', 'tsconfig.json'), '--strict', '--noEmit'];
    const output = await run(process.execPath, args, { cwd: ROOT }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(output).toBe('');
  }, 60_000);

  it('round-trips every call through openapi-fetch against the built service', async () => {
    const result = await callEveryOperation(env.quarryUrl, env.token, `${env.webhookUrl}/hook`);
    expect(result.statuses).toEqual({
      listProviders: 200,
      search: 200,
      searchStreamed: 200,
      createChatCompletion: 200,
      listModels: 200,
      listModelsByProvider: 200,
      suggest: 200,
      searchImages: 200,
      searchVideos: 200,
      listConnectors: 200,
      runConnectorAction: 200,
      getIndex: 200,
      getHealth: 200,
      getReadiness: 200,
      getApiReference: 200,
      getOpenApiDocument: 200,
      proxyGetDiscoverPath: 200,
    });
    expect(result.builtinId).toBe('f3940a4c-6411-599a-84a5-f1cc0898e3f3');
    expect(result.answer).toMatch(/\[1\]/);
    expect(result.firstSourceUrl).toMatch(/^file:\/\//);
    expect(result.streamedLines).toBeGreaterThanOrEqual(4);
    expect(result.modelIds).toContain(`${result.builtinId}/extractive (Built-in (offline))`);
    expect(result.forwardedUrl).toBe('/api/v1/discover/feed/today');
    expect(result.chatProviderKeys).toEqual(['openai', 'ollama', 'builtin']);
    expect(result.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(result.imageUrls[0]).toBe(`${env.searxngUrl}/img/1.jpg`);
    expect(result.videoPlayers).toHaveLength(3);
  });
});
