import 'reflect-metadata';
import { HttpException, ValidationPipe, type ArgumentMetadata, type Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ChatCompletionRequestDto } from '../../completions/dto/chat-completion-request.dto';
import { MediaRequestDto } from '../../media/dto/media-request.dto';
import { SearchRequestDto } from '../../search/dto/search-request.dto';
import { SuggestionsRequestDto } from '../../suggestions/dto/suggestions-request.dto';
import { FastPathValidationPipe } from './fast-path-validation.pipe';
import { RequestValidationError } from './request-validation.error';

// The options of the global pipe (common.module.ts), and a stricter set the fast path must also match.
const OPTION_SETS = {
  global: { whitelist: true, transform: true },
  forbidNonWhitelisted: { whitelist: true, forbidNonWhitelisted: true, transform: true },
} as const;

const UUID = '0b8d8f39-8b0c-4a38-9c77-0d8f0e8e8e8e';
const DTOS: readonly Type<unknown>[] = [
  SearchRequestDto,
  MediaRequestDto,
  SuggestionsRequestDto,
  ChatCompletionRequestDto,
];

/** Values a field may hold: each DTO's valid values and the wrong types, shapes and sizes of test/. */
const VALUES: readonly unknown[] = [
  null,
  '',
  ' ',
  'x',
  'How fast is the gateway?',
  'speed',
  'balanced',
  'quality',
  'web',
  'local',
  'academic',
  'discussions',
  'webSearch',
  'writingAssistant',
  'bogus',
  'day',
  'week',
  '2025-03-01',
  '03/31/2025',
  'gpt-4o',
  0,
  1,
  1.5,
  2,
  5,
  21,
  -1,
  true,
  false,
  [],
  ['web'],
  ['web', 'local'],
  ['web', 'web'],
  ['web', 'bogus'],
  [1],
  ['example.com', '-pinterest.com'],
  Array.from({ length: 21 }, (_, i) => `d${i}.com`),
  {},
  { providerId: UUID, key: 'bench-fast' },
  { providerId: UUID, key: '' },
  { providerId: 'not-a-uuid', key: 'k' },
  { providerId: UUID, key: 'k', extra: 1, toString: 'x' },
  { provider: 'openai', name: 'gpt-4o' },
  { provider: 'openai', model: 'gpt-4o' },
  { provider: '' },
  { provider: 'openai' },
  { provider: 'openai', name: 'x', customOpenAIKey: 'k' },
  { customOpenAIBaseURL: 'http://127.0.0.1:1' },
  { include_usage: true },
  { include_usage: 'yes' },
  [
    ['human', 'What is Quarry?'],
    ['assistant', 'An answer engine.'],
  ],
  [['user', 'hi']],
  [['bot', 'hi']],
  [['human']],
  [['human', 1]],
  [{ role: 'user', content: 'hi' }],
  [{ role: 'ai', content: 'hi' }, ['human', 'x']],
  [{ role: 'user' }],
  [{ role: 'user', content: 'hi' }, 'x'],
  [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'hi' },
  ],
  [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  [{ role: 'tool', content: 'x' }],
  { search_context_size: 'low' },
  [null],
  [[]],
  [{}],
];

const EXTRA_KEYS = ['extra', 'toString', 'hasOwnProperty', 'valueOf', 'constructor', '__proto__'];

/** Bodies that pass, one per DTO, each the start of mutated ones. */
const VALID: ReadonlyMap<Type<unknown>, readonly object[]> = new Map<Type<unknown>, object[]>([
  [
    SearchRequestDto,
    [
      {
        chatModel: { providerId: UUID, key: 'bench-fast' },
        embeddingModel: { providerId: UUID, key: 'bench-embed' },
        sources: ['web'],
        query: 'How fast is the gateway?',
        optimizationMode: 'speed',
        stream: false,
      },
      { focusMode: 'webSearch', query: 'q', history: [['human', 'hi']], maxSources: 3 },
      {
        sources: ['web', 'local'],
        query: 'q',
        domainFilter: ['-pinterest.com'],
        recencyFilter: 'week',
        afterDate: '2025-03-01',
        systemInstructions: 'short',
      },
    ],
  ],
  [MediaRequestDto, [{ query: 'cats', chatHistory: [['human', 'hi']], chatModel: null }]],
  [
    SuggestionsRequestDto,
    [
      {
        chatHistory: [{ role: 'user', content: 'hi' }],
        chatModel: { provider: 'openai', name: 'x' },
      },
    ],
  ],
  [ChatCompletionRequestDto, [{ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }]],
]);

/** A small seeded generator, so a failure names a body that can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fieldsOf(dto: Type<unknown>): string[] {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false, undefined);
  return [...new Set(rules.map((rule) => rule.propertyName))];
}

/** JSON texts of bodies: the valid ones, then each with 1-4 fields set, changed or removed. */
function corpus(dto: Type<unknown>, count: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const keys = [...fieldsOf(dto), ...EXTRA_KEYS];
  const bases = VALID.get(dto) ?? [{}];
  const texts = bases.map((base) => JSON.stringify(base));
  for (let i = 0; i < count; i++) {
    // Entries, not an object: `__proto__` must become an own key of the parsed body, as JSON.parse makes it.
    let entries = Object.entries(pick(bases));
    const changes = 1 + Math.floor(next() * 4);
    for (let c = 0; c < changes; c++) {
      const key = pick(keys);
      entries = entries.filter(([name]) => name !== key);
      if (next() >= 0.15)
        entries.splice(Math.floor(next() * (entries.length + 1)), 0, [key, pick(VALUES)]);
    }
    texts.push(
      `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`,
    );
  }
  return texts;
}

type Outcome =
  | { kind: 'value'; value: unknown; keys: string[]; proto: unknown; input: unknown }
  | {
      kind: 'error';
      type: unknown;
      status: number;
      response: unknown;
      problems: unknown;
      input: unknown;
    };

async function outcomeOf(
  pipe: ValidationPipe,
  text: string | undefined,
  metadata: ArgumentMetadata,
): Promise<Outcome> {
  const input: unknown = text === undefined ? undefined : JSON.parse(text);
  try {
    const value: unknown = await pipe.transform(input, metadata);
    return {
      kind: 'value',
      value,
      keys: value !== null && typeof value === 'object' ? Object.keys(value) : [],
      proto: value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined,
      input,
    };
  } catch (error) {
    if (!(error instanceof HttpException)) throw error;
    return {
      kind: 'error',
      type: error.constructor,
      status: error.getStatus(),
      response: error.getResponse(),
      problems: error instanceof RequestValidationError ? error.problems : undefined,
      input,
    };
  }
}

describe('FastPathValidationPipe', () => {
  const exceptionFactory = RequestValidationError.fromErrors.bind(RequestValidationError);

  describe.each(Object.entries(OPTION_SETS))('with the %s options', (_name, options) => {
    const stock = new ValidationPipe({ ...options, exceptionFactory });
    const fast = new FastPathValidationPipe({ ...options, exceptionFactory });

    it.each(DTOS.map((dto) => [dto.name, dto] as const))(
      'answers as the stock pipe for every body of a %s corpus (valid, invalid, extra fields)',
      async (_dtoName, dto) => {
        const metadata: ArgumentMetadata = { type: 'body', metatype: dto, data: undefined };
        let values = 0;
        let errors = 0;
        for (const text of corpus(dto, 600, 18)) {
          const expected = await outcomeOf(stock, text, metadata);
          const actual = await outcomeOf(fast, text, metadata);
          try {
            expect(actual).toStrictEqual(expected);
          } catch (error) {
            throw new Error(`body ${text}: ${(error as Error).message}`);
          }
          if (expected.kind === 'value') values++;
          else errors++;
        }
        // The corpus has both kinds in numbers, so both paths are compared.
        expect(values).toBeGreaterThan(50);
        expect(errors).toBeGreaterThan(300);
      },
    );

    it('answers as the stock pipe for values that are not a plain object', async () => {
      const metadata: ArgumentMetadata = {
        type: 'body',
        metatype: SearchRequestDto,
        data: undefined,
      };
      for (const text of [undefined, 'null', '"q"', '5', 'true', '[]', '[{"query":"q"}]']) {
        expect(await outcomeOf(fast, text, metadata)).toStrictEqual(
          await outcomeOf(stock, text, metadata),
        );
      }
      const untyped: ArgumentMetadata = { type: 'body', metatype: Object, data: undefined };
      expect(await outcomeOf(fast, '{"a":1}', untyped)).toStrictEqual(
        await outcomeOf(stock, '{"a":1}', untyped),
      );
    });
  });

  it('does not run the stock pipe for a valid search body, and runs it for an invalid one', async () => {
    const fast = new FastPathValidationPipe({ ...OPTION_SETS.global, exceptionFactory });
    const stockTransform = jest.spyOn(ValidationPipe.prototype, 'transform');
    try {
      const metadata: ArgumentMetadata = {
        type: 'body',
        metatype: SearchRequestDto,
        data: undefined,
      };
      const [valid] = VALID.get(SearchRequestDto) ?? [];
      const value: unknown = fast.transform(JSON.parse(JSON.stringify(valid)), metadata);
      expect(value).toBeInstanceOf(SearchRequestDto);
      expect(stockTransform).not.toHaveBeenCalled();
      await expect(fast.transform({ query: 1 }, metadata)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
      expect(stockTransform).toHaveBeenCalledTimes(1);
    } finally {
      stockTransform.mockRestore();
    }
  });
});
