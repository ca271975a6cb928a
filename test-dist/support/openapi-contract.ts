import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.0 document the checks read. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly servers?: Array<{ url: string }>;
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: {
    schemas: Record<string, unknown>;
    responses?: Record<string, ResponseSpec>;
  };
}

export interface Operation {
  readonly operationId?: string;
  readonly tags?: string[];
  readonly security?: Array<Record<string, string[]>>;
  readonly parameters?: unknown[];
  readonly requestBody?: { content: Record<string, MediaType> };
  readonly responses: Record<string, ResponseSpec>;
}

export interface ResponseSpec {
  readonly description: string;
  readonly content?: Record<string, MediaType>;
}

export interface MediaType {
  readonly schema?: unknown;
  readonly example?: unknown;
  readonly examples?: Record<string, { value: unknown }>;
  /** Quarry's note on streamed bodies: the schema describes one line (ndjson) or one event (sse). */
  readonly 'x-stream-framing'?: 'ndjson' | 'sse';
}

export interface ObservedResponse {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const DOCUMENT_ID = 'quarry-openapi.json';

/**
 * Checks real responses against the document the service serves, with Ajv (the JSON Schema
 * validator the OpenAPI tooling is built on; it knows OpenAPI 3.0's `nullable`). The whole
 * document is registered once, so every schema is compiled by its JSON pointer and its $refs
 * resolve inside the document as published, with no copy or conversion in between.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ path: string; pattern: RegExp }>;

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
    this.templates = Object.keys(document.paths)
      .map((path) => ({ path, pattern: templatePattern(path) }))
      // Literal paths first: /api/chat before /api/chat/{path}.
      .sort((a, b) => literalLength(b.path) - literalLength(a.path));
  }

  /** The document at /docs/json, or another the service serves (/docs/siblings/json). */
  static async fetch(baseUrl: string, path = '/docs/json'): Promise<OpenApiContract> {
    const response = await fetch(`${baseUrl}${path}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return new OpenApiContract((await response.json()) as OpenApiDocument);
  }

  /** The documented path template a concrete path falls under, if any. */
  templateOf(path: string): string | undefined {
    return this.templates.find((template) => template.pattern.test(path))?.path;
  }

  /** Every way the response departs from the document; empty when it conforms. */
  problemsOf(method: string, url: string, response: ObservedResponse): string[] {
    const path = new URL(url, 'http://quarry').pathname;
    const template = this.templateOf(path);
    const where = `${method.toUpperCase()} ${path} -> ${response.status}`;
    if (!template) {
      // Unknown paths answer 404 in the error shape of the document's components.
      return this.check(
        where,
        `#/components/schemas/${path.startsWith('/v1/') ? 'OpenAiErrorBody' : 'ErrorBody'}`,
        response.body,
        'json',
      );
    }
    const operation = this.document.paths[template][method.toLowerCase()];
    if (!operation) return [`${where}: ${template} documents no ${method} operation`];
    const status = String(response.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => operation.responses[k]);
    if (!key) return [`${where}: status not documented`];
    // HEAD replies carry the headers of GET and no body.
    if (method.toUpperCase() === 'HEAD') {
      return response.body.length === 0 ? [] : [`${where}: a HEAD reply with a body`];
    }
    const spec = this.resolved(operation.responses[key]);
    if (!spec.content) {
      return response.body.length === 0 ? [] : [`${where}: documented without a body, got one`];
    }
    const mediaType = (response.contentType ?? '').split(';')[0].trim().toLowerCase();
    let mediaKey = [mediaType, `${mediaType.split('/')[0]}/*`, '*/*'].find(
      (k) => spec.content?.[k],
    );
    let at = { template, key };
    if (!mediaKey && mediaType === 'text/event-stream') {
      // stream: true on /api/search or /v1/chat/completions (the Perplexica and OpenAI wire
      // forms) answers what <path>/stream documents; that operation's description says so.
      const streamed = this.document.paths[`${template}/stream`]?.[method.toLowerCase()];
      const content = streamed && this.resolved(streamed.responses[key]).content;
      mediaKey = content ? Object.keys(content)[0] : undefined;
      at = { template: `${template}/stream`, key };
    }
    if (!mediaKey) {
      return [`${where}: content type ${mediaType || '(none)'} not documented for ${key}`];
    }
    const documented = this.document.paths[at.template][method.toLowerCase()].responses[key];
    const media = this.resolved(documented).content?.[mediaKey] ?? {};
    if (media.schema === undefined) return [];
    const pointer = [...this.pointerOf(documented, [at.template, method, key]), mediaKey, 'schema']
      .map((part, i) => (i === 0 ? part : escapePointer(part)))
      .join('/');
    const framing = media['x-stream-framing'];
    if (framing) return this.check(where, pointer, response.body, framing);
    if (/[/+]json$/.test(mediaType)) return this.check(where, pointer, response.body, 'json');
    return this.check(where, pointer, JSON.stringify(response.body), 'json');
  }

  /** A response as written, or the one its $ref (#/components/responses/...) names. */
  private resolved(response: ResponseSpec | { $ref: string }): ResponseSpec {
    if (!('$ref' in response)) return response;
    const name = response.$ref.split('/').pop() ?? '';
    return this.document.components.responses?.[name] ?? { description: '' };
  }

  /** Where a response's content sits in the document: in the operation or in components. */
  private pointerOf(
    response: ResponseSpec | { $ref: string },
    [template, method, key]: string[],
  ): string[] {
    if ('$ref' in response) return response.$ref.split('/').concat('content');
    return ['#', 'paths', template, method.toLowerCase(), 'responses', key, 'content'];
  }

  /** Validates one value (an example, a request body) against the schema at a pointer. */
  problemsOfValue(pointer: string, value: unknown): string[] {
    const validate = this.validator(pointer);
    return validate(value) ? [] : [this.ajv.errorsText(validate.errors)];
  }

  private check(
    where: string,
    pointer: string,
    body: string,
    framing: 'json' | 'ndjson' | 'sse',
  ): string[] {
    let items: unknown[];
    try {
      items = parseItems(body, framing);
    } catch (error) {
      return [`${where}: body is not ${framing}: ${(error as Error).message}`];
    }
    if (items.length === 0) return [`${where}: empty ${framing} body`];
    const validate = this.validator(pointer);
    return items.flatMap((item, i) =>
      validate(item)
        ? []
        : [
            `${where}: ${framing === 'json' ? 'body' : `item ${i}`} ${JSON.stringify(item).slice(0, 300)}: ${this.ajv.errorsText(validate.errors)}`,
          ],
    );
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

function parseItems(body: string, framing: 'json' | 'ndjson' | 'sse'): unknown[] {
  if (framing === 'json') return [JSON.parse(body)];
  if (framing === 'ndjson') {
    return body
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as unknown);
  }
  return body
    .split(/\n\n+/)
    .map((event) => event.trim())
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => JSON.parse(event.slice('data: '.length)) as unknown);
}

function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) =>
      // The proxy's {path} spans slashes; every other parameter is one segment.
      part === '{path}'
        ? '.+'
        : part.startsWith('{')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function literalLength(path: string): number {
  return path.replace(/\{[^}]+\}/g, '').length;
}

function escapePointer(part: string): string {
  return encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
}
