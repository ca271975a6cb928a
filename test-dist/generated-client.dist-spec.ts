import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { CallEveryOperation, CallThroughHeyApi } from './fixtures/client-run';
import { distEnv } from './support/dist-env';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const GENERATED = join(__dirname, '.generated');
// Both packages map their bins through exports, so the bin is found beside package.json.
const OPENAPI_TYPESCRIPT = join(packageDir('openapi-typescript'), 'bin', 'cli.js');
const HEY_API = join(packageDir('@hey-api/openapi-ts'), 'bin', 'run.js');

/**
 * Clients generated from the served documents work at the generators' default settings:
 * openapi-typescript (for openapi-fetch) and @hey-api/openapi-ts write them, a program against
 * each compiles under tsc --strict (no casts, no `!`), and its calls, streams included, run.
 */
describe('clients generated from /docs/json and /docs/siblings/json', () => {
  const env = distEnv();

  beforeAll(async () => {
    rmSync(GENERATED, { recursive: true, force: true });
    mkdirSync(GENERATED, { recursive: true });
    for (const [name, path] of [
      ['openapi', '/docs/json'],
      ['siblings', '/docs/siblings/json'],
    ]) {
      writeFileSync(
        join(GENERATED, `${name}.json`),
        await (await fetch(env.quarryUrl + path)).text(),
      );
    }
    const node = (args: string[]) => run(process.execPath, args, { cwd: ROOT });
    await Promise.all([
      node([
        OPENAPI_TYPESCRIPT,
        join(GENERATED, 'openapi.json'),
        '-o',
        join(GENERATED, 'quarry-api.d.ts'),
      ]),
      node([
        OPENAPI_TYPESCRIPT,
        join(GENERATED, 'siblings.json'),
        '-o',
        join(GENERATED, 'quarry-siblings.d.ts'),
      ]),
    ]);
    // One at a time: each run loads the whole generator.
    await node([HEY_API, '-i', join(GENERATED, 'openapi.json'), '-o', join(GENERATED, 'hey-api')]);
    await node([
      HEY_API,
      '-i',
      join(GENERATED, 'siblings.json'),
      '-o',
      join(GENERATED, 'hey-api-siblings'),
    ]);
  }, 180_000);

  it('compiles a program against each client with tsc --strict', async () => {
    const tsc = require.resolve('typescript/bin/tsc');
    // The programs' own tsconfig: no @types packages, as in a user's project.
    const args = [tsc, '-p', join(__dirname, 'fixtures', 'tsconfig.json'), '--strict', '--noEmit'];
    const output = await run(process.execPath, args, { cwd: ROOT }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(output).toBe('');
  }, 120_000);

  it('round-trips every call through openapi-fetch, streams as typed lines and events', async () => {
    const callEveryOperation = program<CallEveryOperation>('quarry-client', 'callEveryOperation');
    const result = await callEveryOperation(env.quarryUrl, env.token, `${env.webhookUrl}/hook`);
    expect(result.statuses).toEqual({
      listProviders: 200,
      search: 200,
      streamSearch: 200,
      createChatCompletion: 200,
      streamChatCompletion: 200,
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
      getSiblingsOpenApiDocument: 200,
      proxyGetDiscoverPath: 200,
    });
    expect(result.builtinId).toBe('f3940a4c-6411-599a-84a5-f1cc0898e3f3');
    expect(result.answer).toMatch(/\[1\]/);
    expect(result.errorMessage).toBe('query should not be empty');
    expect(result.firstSourceUrl).toMatch(/^file:\/\//);
    expect(result.streamedTypes[0]).toBe('init');
    expect(result.streamedTypes).toContain('sources');
    expect(result.streamedTypes.at(-1)).toBe('done');
    expect(result.streamedAnswer).toBe(result.answer);
    expect(result.completion).toMatch(/\[1\]/);
    expect(result.streamedCompletion).toBe(result.completion);
    expect(result.streamEnded).toBe(true);
    expect(result.modelIds).toContain(`${result.builtinId}/extractive (Built-in (offline))`);
    expect(result.forwardedUrl).toBe('/api/v1/discover/feed/today?region=eu');
    expect(result.chatProviderKeys).toEqual(['openai', 'ollama', 'builtin']);
    expect(result.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(result.imageUrls[0]).toBe(`${env.searxngUrl}/img/1.jpg`);
    expect(result.videoPlayers).toHaveLength(3);
  });

  it('round-trips the same calls through the @hey-api/openapi-ts SDK', async () => {
    const callThroughHeyApi = program<CallThroughHeyApi>('hey-api-client', 'callThroughHeyApi');
    const result = await callThroughHeyApi(env.quarryUrl, env.token);
    expect(result.statuses).toEqual({
      listProviders: 200,
      search: 200,
      streamSearch: 200,
      createChatCompletion: 200,
      listModels: 200,
      proxyGetDiscoverPath: 200,
    });
    expect(result.answer).toMatch(/\[1\]/);
    expect(result.errorMessage).toBe('query should not be empty');
    expect(result.streamedTypes[0]).toBe('init');
    expect(result.streamedTypes.at(-1)).toBe('done');
    expect(result.streamedAnswer).toBe(result.answer);
    expect(result.streamedCompletion).toBe(result.completion);
    expect(result.streamEnded).toBe(true);
    expect(result.modelIds.length).toBeGreaterThan(0);
    expect(result.forwardedUrl).toBe('/api/v1/discover/feed/today?region=eu');
  });
});

/**
 * A program's function, loaded when the test runs: the clients it imports are generated by
 * beforeAll, and the project's tsc (which checks this file) does not see them.
 */
function program<T>(name: string, exported: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when the test runs
  const loaded: Record<string, T> = require(join(__dirname, 'fixtures', `${name}.program`));
  return loaded[exported];
}

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}
