import SwaggerParser from '@apidevtools/swagger-parser';
import { ContractClient, expectStatus, type CallOptions } from './support/contract-client';
import { HTTP_METHODS, type Operation } from './support/openapi-contract';

const PUBLIC_PATHS = [
  '/',
  '/health',
  '/health/ready',
  '/docs',
  '/docs/json',
  '/docs/siblings/json',
];
const OPERATION_IDS = [
  'cancelVectorStoreFileBatch',
  'createChatCompletion',
  'createFile',
  'createVectorStore',
  'createVectorStoreFile',
  'createVectorStoreFileBatch',
  'deleteFile',
  'deleteVectorStore',
  'deleteVectorStoreFile',
  'getApiReference',
  'getHealth',
  'getIndex',
  'getOpenApiDocument',
  'getReadiness',
  'getSiblingsOpenApiDocument',
  'listConnectors',
  'listFiles',
  'listModels',
  'listModelsByProvider',
  'listProviders',
  'listVectorStoreFileBatchFiles',
  'listVectorStoreFiles',
  'listVectorStores',
  'modifyVectorStore',
  'retrieveFile',
  'retrieveFileContent',
  'retrieveModel',
  'retrieveVectorStore',
  'retrieveVectorStoreFile',
  'retrieveVectorStoreFileBatch',
  'runConnectorAction',
  'search',
  'searchImages',
  'searchVectorStore',
  'searchVideos',
  'streamChatCompletion',
  'streamSearch',
  'suggest',
  'uploadFiles',
];
/** GET /docs/json on the commit before issue 34: 430,237 bytes, nine tenths of it the proxy. */
const SIZE_BEFORE_ISSUE_34 = 430_237;

/** The document served by the built service tells the truth about the routes behind it. */
describe('the OpenAPI document at /docs/json', () => {
  let client: ContractClient;
  let operations: Array<{ path: string; method: string; operation: Operation }>;
  let forwarded: Array<{ path: string; method: string; operation: Operation }>;

  /** An operation's own security, or its document's default (the main document has one). */
  const securityOf = (operation: Operation) =>
    operation.security ??
    (operations.some((listed) => listed.operation === operation)
      ? ((client.contract.document as { security?: Operation['security'] }).security ?? [])
      : []);

  beforeAll(async () => {
    client = await ContractClient.create();
    operations = operationsOf(client.contract.document);
    forwarded = operationsOf(client.siblings.document);
  });

  it('is at most a fifth of its size before the proxy moved out, with the tags in reading order', async () => {
    const body = await (await fetch(`${client.baseUrl}/docs/json`)).text();
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(SIZE_BEFORE_ISSUE_34 / 5);
    const tags = (client.contract.document as { tags?: Array<{ name: string }> }).tags ?? [];
    expect(tags.map((tag) => tag.name)).toEqual([
      'search',
      'providers',
      'openai-compatible',
      'files',
      'vector-stores',
      'connectors',
      'health',
      'docs',
      'siblings',
    ]);
    // The probes are outside the rate limit: no 429 is documented for them.
    const { paths } = client.contract.document;
    expect(Object.keys(paths['/health'].get.responses)).not.toContain('429');
    expect(Object.keys(paths['/api/providers'].get.responses)).toContain('429');
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].every((tag) => tags.some((t) => t.name === tag))).toBe(true);
  });

  it('leaves the forwarded paths to /docs/siblings/json, every method and any query parameters', async () => {
    await expect(
      SwaggerParser.validate(structuredClone(client.siblings.document) as never),
    ).resolves.toBeDefined();
    for (const { path } of operations) {
      expect({ path, forwarded: isForwarded(path) }).toEqual({ path, forwarded: false });
    }
    const methods = Object.keys(client.siblings.document.paths['/api/v1/discover/{path}'])
      .filter((key) => HTTP_METHODS.includes(key))
      .sort();
    expect(methods).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put']);
    for (const { path, operation } of forwarded) {
      expect({ path, forwarded: isForwarded(path) }).toEqual({ path, forwarded: true });
      expect(JSON.stringify(operation.parameters)).toContain('SiblingQuery');
    }
    // HEAD and OPTIONS are real routes, behind the same token check.
    for (const method of ['HEAD', 'OPTIONS']) {
      expectStatus(await client.call(method, '/api/v1/discover/feed'), 200);
      expectStatus(await client.call(method, '/api/v1/discover/feed', { token: false }), 401);
    }
  });

  it('is a valid OpenAPI 3.0 document with a relative server by default', async () => {
    const document = structuredClone(client.contract.document);
    await expect(SwaggerParser.validate(document as never)).resolves.toBeDefined();
    expect(client.contract.document.servers).toEqual([{ url: '/' }]);
  });

  it('names every operation with a short stable verb', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect([...ids].sort()).toEqual(OPERATION_IDS);
    const all = [...ids, ...forwarded.map(({ operation }) => operation.operationId)];
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('declares bearer security on every protected operation and none on the public ones', () => {
    for (const { path, method, operation } of [...operations, ...forwarded]) {
      expect({ path, method, security: securityOf(operation) }).toEqual({
        path,
        method,
        security: PUBLIC_PATHS.includes(path) ? [] : [{ bearer: [] }],
      });
    }
  });

  it('matches the running service: protected operations answer 401 without a token, public ones do not', async () => {
    for (const { path, method, operation } of [...operations, ...forwarded]) {
      const concrete = path
        .replace('{id}', 'webhook')
        .replace('{action}', 'get')
        .replace('{path}', 'feed');
      const res = await client.call(method.toUpperCase(), concrete, { token: false });
      if (securityOf(operation).length) expectStatus(res, 401);
      else expect(res.status).not.toBe(401);
    }
  });

  it('documents a default response, and error examples of their own status and shape', () => {
    for (const { path, method, operation } of [...operations, ...forwarded]) {
      expect({ path, method, hasDefault: 'default' in operation.responses }).toEqual({
        path,
        method,
        hasDefault: true,
      });
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = response.content?.['application/json'];
        if (status === 'default' || Number(status) < 400 || json?.example === undefined) continue;
        const example = json.example as { statusCode?: number };
        if ('statusCode' in example)
          expect({ path, status, got: example.statusCode }).toEqual({
            path,
            status,
            got: Number(status),
          });
      }
    }
  });

  it('has every example valid against the schema beside it, shared responses included', () => {
    const problems: string[] = [];
    const media: Array<{
      at: string[];
      content: Record<
        string,
        {
          example?: unknown;
          examples?: Record<string, { value: unknown }>;
          'x-stream-framing'?: string;
        }
      >;
    }> = [];
    for (const { path, method, operation } of operations) {
      const base = ['#', 'paths', path, method].map((p, i) => (i === 0 ? p : pointerPart(p)));
      if (operation.requestBody)
        media.push({
          at: [...base, 'requestBody', 'content'],
          content: operation.requestBody.content,
        });
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.content)
          media.push({ at: [...base, 'responses', status, 'content'], content: response.content });
      }
    }
    // The error responses every operation shares are defined once, under components.responses.
    const shared =
      (
        client.contract.document.components as {
          responses?: Record<string, Operation['responses'][string]>;
        }
      ).responses ?? {};
    expect(Object.keys(shared)).toContain('TooManyRequests');
    for (const [name, response] of Object.entries(shared)) {
      if (response.content)
        media.push({
          at: ['#', 'components', 'responses', name, 'content'],
          content: response.content,
        });
    }
    for (const { at, content } of media) {
      for (const [type, entry] of Object.entries(content)) {
        // Streamed examples are whole bodies; the streams themselves are checked line by line.
        if (entry['x-stream-framing'] || !type.includes('json')) continue;
        const pointer = [...at, pointerPart(type), 'schema'].join('/');
        const values = [
          ...(entry.example === undefined ? [] : [entry.example]),
          ...Object.values(entry.examples ?? {}).map((example) => example.value),
        ];
        for (const value of values) {
          problems.push(
            ...client.contract.problemsOfValue(pointer, value).map((p) => `${pointer}: ${p}`),
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents /v1/models with its own model schema, not the providers one', () => {
    const { schemas } = client.contract.document.components as {
      schemas: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(Object.keys(schemas.OpenAiModelDto.properties).sort()).toEqual([
      'created',
      'id',
      'object',
      'owned_by',
    ]);
    expect(Object.keys(schemas.ProviderModelDto.properties).sort()).toEqual(['key', 'name']);
    expect(schemas).not.toHaveProperty('ModelDto');
  });

  it('documents each reply on its own: the answers as JSON, the streams as named line and event types', () => {
    const { paths } = client.contract.document;
    const contentOf = (path: string) => paths[path].post.responses['200'].content ?? {};
    expect(Object.keys(contentOf('/api/search'))).toEqual(['application/json']);
    expect(Object.keys(contentOf('/v1/chat/completions'))).toEqual(['application/json']);
    expect(contentOf('/api/search/stream')).toMatchObject({
      'application/x-ndjson': {
        schema: { $ref: '#/components/schemas/SearchStreamMessage' },
        'x-stream-framing': 'ndjson',
      },
    });
    expect(contentOf('/v1/chat/completions/stream')).toMatchObject({
      'text/event-stream': {
        schema: { $ref: '#/components/schemas/ChatCompletionStreamEvent' },
        'x-stream-framing': 'sse',
      },
    });
    const { schemas } = client.contract.document.components as {
      schemas: Record<string, { oneOf: Array<{ $ref?: string; enum?: string[] }> }>;
    };
    expect(schemas.SearchStreamMessage.oneOf.map((s) => s.$ref?.split('/').pop())).toEqual([
      'StreamInitMessageDto',
      'StreamSourcesMessageDto',
      'StreamResponseMessageDto',
      'StreamDoneMessageDto',
    ]);
    expect(schemas.ChatCompletionStreamEvent.oneOf.map((s) => s.$ref ?? s.enum)).toEqual([
      '#/components/schemas/ChatCompletionChunkDto',
      '#/components/schemas/OpenAiErrorBody',
      ['[DONE]'],
    ]);
  });

  it('answers the streams with the content types documented', async () => {
    const body = client.contract.document.paths['/api/search'].post.requestBody?.content[
      'application/json'
    ].examples?.local.value as object;
    const ndjson = await client.call('POST', '/api/search/stream', { body });
    expect(ndjson.contentType).toMatch(/^application\/x-ndjson/);
    // Perplexica's wire form is unchanged: stream: true on /api/search, as text/event-stream.
    const wire = await client.call('POST', '/api/search', { body: { ...body, stream: true } });
    expect(wire.contentType).toMatch(/^text\/event-stream/);
    expect(wire.text.split('\n').filter(Boolean)).toEqual(ndjson.text.split('\n').filter(Boolean));
  });

  it('gives error examples that are what the service answers in that case', async () => {
    const examples = [
      ...errorExamples(operations, client.contract.document),
      ...errorExamples(forwarded, client.siblings.document),
    ];
    const untried: string[] = [];
    for (const { operationId, path, method, status, example } of examples) {
      const trigger = TRIGGERS[`${operationId} ${status}`] ?? TRIGGERS[status];
      if (!trigger) {
        if (!UNREACHABLE[status] && !UNREACHABLE[`${operationId} ${status}`])
          untried.push(`${operationId} ${status}`);
        continue;
      }
      const concrete = path.replace('{id}', 'webhook').replace('{action}', 'post');
      const res = await client.call(method.toUpperCase(), trigger.path ?? concrete, trigger);
      expect({ operationId, status: res.status, body: withoutRequestId(res.json()) }).toEqual({
        operationId,
        status: Number(status),
        body: withoutRequestId(example),
      });
    }
    // Every example is either compared above or unreachable against the fakes, with the reason.
    expect(untried).toEqual([]);
  });

  it('gives Try it out request examples that answer 200 as shown', async () => {
    for (const path of ['/api/search', '/v1/chat/completions']) {
      const examples =
        client.contract.document.paths[path].post.requestBody?.content['application/json']
          .examples ?? {};
      expect(Object.keys(examples).length).toBeGreaterThan(0);
      for (const example of Object.values(examples)) {
        expectStatus(await client.call('POST', path, { body: example.value }), 200);
      }
    }
  });
});

const QUESTION = {
  chatModel: { providerId: 'f3940a4c-6411-599a-84a5-f1cc0898e3f3', key: 'extractive' },
  sources: ['local'],
  query: '',
};
const CHAT = { model: 'acme/gpt-5', messages: [{ role: 'user', content: 'Hi' }] };

/** The request that makes each documented error happen: by status, or by operation and status. */
const TRIGGERS: Record<string, CallOptions & { path?: string }> = {
  '401': { token: false },
  '413': { rawBody: JSON.stringify({ query: 'x'.repeat(1_100_000) }), headers: JSON_TYPE() },
  '415': { rawBody: 'query', headers: { 'content-type': 'text/plain' } },
  'search 400': { body: QUESTION },
  'streamSearch 400': { body: QUESTION },
  'searchImages 400': { body: { query: '' } },
  'searchVideos 400': { body: { query: '' } },
  'suggest 400': { body: {} },
  'createChatCompletion 400': { body: { model: 'x' } },
  'streamChatCompletion 400': { body: { model: 'x' } },
  'createChatCompletion 404': { body: CHAT },
  'streamChatCompletion 404': { body: CHAT },
  'runConnectorAction 400': {
    path: '/api/connectors/webhook/actions/send',
    body: { url: 'https://hooks.example.com/quarry' },
  },
  'runConnectorAction 404': { path: '/api/connectors/slack/actions/post', body: {} },
  // The sibling's path with a ".." segment; the library sibling's address is a closed port.
  ...Object.fromEntries(
    ['get', 'post', 'put', 'patch', 'delete'].map((m) => [
      `proxy${m[0].toUpperCase()}${m.slice(1)}DiscoverPath 400`,
      { path: '/api/v1/discover/a%2F..%2Fb' },
    ]),
  ),
  ...Object.fromEntries(
    ['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options'].flatMap((m) => [
      [`proxy${m}Library 502`, { path: '/api/v1/library' }],
      [`proxy${m}LibraryPath 502`, { path: '/api/v1/library/shelves' }],
    ]),
  ),
};

/** Examples no request can bring about against the fakes of this suite, and why. */
const UNREACHABLE: Record<string, string> = {
  '429': 'RATE_LIMIT_MAX is far above what the suite sends (the limits e2e suite trips it)',
  '500': 'an unexpected failure: nothing the suite can send causes one',
  '503': 'the auth service being down (the fake auth stays up for the other suites)',
  '502': "a provider or the search backend failing, or another sibling's address",
  '504': 'a sibling silent for PROXY_TIMEOUT_MS (30 s)',
  '400': "a path with '..' below a sibling's prefix; compared for the discover sibling",
};

function JSON_TYPE(): Record<string, string> {
  return { 'content-type': 'application/json' };
}

function errorExamples(
  list: Array<{ path: string; method: string; operation: Operation }>,
  document: { components: object },
): Array<{
  operationId: string;
  path: string;
  method: string;
  status: string;
  example: unknown;
}> {
  return list.flatMap(({ path, method, operation }) =>
    Object.entries(operation.responses).flatMap(([status, response]) => {
      const resolved = resolve(response, document) as {
        content?: Record<string, { example?: unknown }>;
      };
      const example = resolved.content?.['application/json']?.example;
      if (status === 'default' || Number(status) < 400 || example === undefined) return [];
      return [{ operationId: operation.operationId ?? '', path, method, status, example }];
    }),
  );
}

/** A local $ref (#/components/...) followed to what it names. */
function resolve(value: unknown, document: object): unknown {
  const ref = (value as { $ref?: string }).$ref;
  if (!ref) return value;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], document);
}

function withoutRequestId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('requestId' in body)) return body;
  return { ...body, requestId: '<any>' };
}

function operationsOf(document: {
  paths: Record<string, Record<string, Operation>>;
}): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      operation: item[method],
    })),
  );
}

function isForwarded(path: string): boolean {
  return path.startsWith('/api/v1/') || path.startsWith('/api/chat') || path === '/api/auth/me';
}

function pointerPart(part: string): string {
  return encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
}
