import { ConfigModule } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { ModelSelector, type ChatModel, type EmbeddingModel } from '../providers';
import type { SearchRequestDto } from './dto/search-request.dto';
import { searchConfig } from './search.config';
import { SearchRunFactory, type SearchLimitErrors } from './search-run.factory';

const chatModel = { providerId: 'p1', key: 'chat' } as ChatModel;
const embeddingModel = { key: 'embed' } as unknown as EmbeddingModel;

async function factory(): Promise<{ runs: SearchRunFactory; resolved: string[] }> {
  const resolved: string[] = [];
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forFeature(searchConfig)],
    providers: [SearchRunFactory, { provide: ModelSelector, useValue: {} }],
  })
    .overrideProvider(searchConfig.KEY)
    .useValue({ maxQueryChars: 10, maxHistoryTurns: 1 })
    .overrideProvider(ModelSelector)
    .useValue({
      chatModel: () => (resolved.push('chat'), chatModel),
      embeddingModel: () => (resolved.push('embedding'), embeddingModel),
    })
    .compile();
  return { runs: moduleRef.get(SearchRunFactory), resolved };
}

const body = (fields: Partial<SearchRequestDto>) => ({ query: 'q', ...fields }) as SearchRequestDto;

describe('SearchRunFactory', () => {
  it('turns a POST /api/search body into a run: roles mapped, focusMode sources, speed by default', async () => {
    const { runs } = await factory();
    const run = runs.fromRequest(
      body({
        query: '  why?  ',
        history: [['human', 'hi']],
        focusMode: 'webSearch',
      } as Partial<SearchRequestDto>),
      'req-1',
    );
    expect(run).toMatchObject({
      query: 'why?',
      history: [{ role: 'user', content: 'hi' }],
      sourceKinds: ['web'],
      mode: 'speed',
      chatModel,
      embeddingModel,
      requestId: 'req-1',
    });
  });

  it('checks the limits before resolving models, in the words of the route', async () => {
    const { runs, resolved } = await factory();
    expect(() => runs.fromRequest(body({ query: 'x'.repeat(11) }))).toThrow(
      'query must be at most 10 characters (got 11)',
    );
    expect(() =>
      runs.fromRequest(
        body({
          history: [
            ['human', 'a'],
            ['ai', 'b'],
          ],
        } as Partial<SearchRequestDto>),
      ),
    ).toThrow('history must have at most 1 turns (got 2)');
    expect(resolved).toEqual([]);

    const own: SearchLimitErrors = {
      query: (max) => new Error(`message over ${max}`),
      history: (max) => new Error(`turns over ${max}`),
    };
    expect(() =>
      runs.create({
        query: 'x'.repeat(11),
        history: [],
        sourceKinds: [],
        models: () => ({ chatModel, embeddingModel }),
        limitErrors: own,
      }),
    ).toThrow('message over 10');
  });

  it('counts the query in characters, not UTF-16 units', async () => {
    const { runs } = await factory();
    // Ten emoji are ten characters, though twenty UTF-16 units.
    expect(() => runs.fromRequest(body({ query: '😀'.repeat(10) }))).not.toThrow();
    expect(() => runs.fromRequest(body({ query: '😀'.repeat(11) }))).toThrow('(got 11)');
  });

  it('builds the filters with the field names the route uses', async () => {
    const { runs } = await factory();
    expect(() =>
      runs.create({
        query: 'q',
        history: [],
        sourceKinds: ['web'],
        models: () => ({ chatModel, embeddingModel }),
        filters: { domains: { field: 'search_domain_filter', value: ['not a domain'] } },
      }),
    ).toThrow(expect.objectContaining({ statusCode: 400, param: 'search_domain_filter' }));
  });
});
