import SwaggerParser from '@apidevtools/swagger-parser';
import { ContractClient, expectStatus } from './support/contract-client';
import { HTTP_METHODS, type Operation } from './support/openapi-contract';

const PUBLIC_PATHS = ['/', '/health', '/health/ready', '/docs', '/docs/json'];
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
  'retrieveVectorStore',
  'retrieveVectorStoreFile',
  'retrieveVectorStoreFileBatch',
  'runConnectorAction',
  'search',
  'searchImages',
  'searchVectorStore',
  'searchVideos',
  'suggest',
  'uploadFiles',
];

/** The document served by the built service tells the truth about the routes behind it. */
describe('the OpenAPI document at /docs/json', () => {
  let client: ContractClient;
  let operations: Array<{ path: string; method: string; operation: Operation }>;

  beforeAll(async () => {
    client = await ContractClient.create();
    operations = Object.entries(client.contract.document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => ({
        path,
        method,
        operation: item[method],
      })),
    );
  });

  it('is a valid OpenAPI 3.0 document with a relative server by default', async () => {
    const document = structuredClone(client.contract.document);
    await expect(SwaggerParser.validate(document as never)).resolves.toBeDefined();
    expect(client.contract.document.servers).toEqual([{ url: '/' }]);
  });

  it('names every operation with a short stable verb; the proxy ones sit under their own tag', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const own = operations.filter(({ operation }) => !operation.tags?.includes('proxy'));
    expect(own.map(({ operation }) => operation.operationId).sort()).toEqual(OPERATION_IDS);
    for (const { path, operation } of operations) {
      const proxied =
        path.startsWith('/api/v1/') || path.startsWith('/api/chat') || path === '/api/auth/me';
      expect({ path, proxied: operation.tags?.includes('proxy') }).toEqual({ path, proxied });
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
  });

  it('declares bearer security on every protected operation and none on the public ones', () => {
    for (const { path, method, operation } of operations) {
      expect({ path, method, security: operation.security ?? [] }).toEqual({
        path,
        method,
        security: PUBLIC_PATHS.includes(path) ? [] : [{ bearer: [] }],
      });
    }
  });

  it('matches the running service: protected operations answer 401 without a token, public ones do not', async () => {
    for (const { path, method, operation } of operations) {
      const concrete = path
        .replace('{id}', 'webhook')
        .replace('{action}', 'get')
        .replace('{path}', 'feed');
      const res = await client.call(method.toUpperCase(), concrete, { token: false });
      if (operation.security?.length) expectStatus(res, 401);
      else expect(res.status).not.toBe(401);
    }
  });

  it('documents a default response, and error responses with examples of their own status and shape', () => {
    for (const { path, method, operation } of operations) {
      expect({ path, method, hasDefault: 'default' in operation.responses }).toEqual({
        path,
        method,
        hasDefault: true,
      });
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = response.content?.['application/json'];
        if (status === 'default' || Number(status) < 400 || !json) continue;
        expect({ path, method, status, example: json.example !== undefined }).toEqual({
          path,
          method,
          status,
          example: true,
        });
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

  it('has every example valid against the schema beside it', () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operations) {
      const base = ['#', 'paths', path, method].map((p, i) => (i === 0 ? p : pointerPart(p)));
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
      if (operation.requestBody)
        media.push({
          at: [...base, 'requestBody', 'content'],
          content: operation.requestBody.content,
        });
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.content)
          media.push({ at: [...base, 'responses', status, 'content'], content: response.content });
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

  it('describes the /api/search stream as newline-delimited StreamMessage objects', () => {
    const stream = client.contract.document.paths['/api/search'].post.responses['200'].content?.[
      'text/event-stream'
    ] as { schema: { oneOf: Array<{ $ref: string }> }; 'x-stream-framing': string };
    expect(stream['x-stream-framing']).toBe('ndjson');
    expect(stream.schema.oneOf.map((s) => s.$ref.split('/').pop())).toEqual([
      'StreamInitMessageDto',
      'StreamSourcesMessageDto',
      'StreamResponseMessageDto',
      'StreamDoneMessageDto',
    ]);
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

function pointerPart(part: string): string {
  return encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
}
