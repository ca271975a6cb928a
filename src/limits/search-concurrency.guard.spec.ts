import { EventEmitter } from 'node:events';
import type { ExecutionContext } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { limitsConfig } from './limits.config';
import { SearchConcurrencyGuard } from './search-concurrency.guard';
import { SearchConcurrencyLimited } from './search-concurrency-limited.decorator';

class Routes {
  @SearchConcurrencyLimited()
  search(): void {}

  other(): void {}
}

/** One request of `caller` to `handler`; `raw` stands for the reply's Node response. */
function requestTo(handler: () => void, caller = '203.0.113.7') {
  const raw = new EventEmitter();
  const context = {
    getHandler: () => handler,
    getClass: () => Routes,
    switchToHttp: () => ({
      getRequest: () => ({ ip: caller, method: 'POST' }),
      getResponse: () => ({ raw }),
    }),
  } as unknown as ExecutionContext;
  return { context, raw };
}

async function guardWithLimit(limit: number): Promise<SearchConcurrencyGuard> {
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forFeature(limitsConfig)],
    providers: [SearchConcurrencyGuard],
  })
    .overrideProvider(limitsConfig.KEY)
    .useValue({ rateLimitMax: 0, rateLimitWindowMs: 60_000, searchMaxConcurrentPerClient: limit })
    .compile();
  return moduleRef.get(SearchConcurrencyGuard);
}

describe('SearchConcurrencyGuard', () => {
  const search = Routes.prototype.search;

  it('refuses a caller its limit+1-th running search with 429 and Retry-After', async () => {
    const guard = await guardWithLimit(2);
    expect(guard.canActivate(requestTo(search).context)).toBe(true);
    expect(guard.canActivate(requestTo(search).context)).toBe(true);
    expect(() => guard.canActivate(requestTo(search).context)).toThrow(
      expect.objectContaining({ statusCode: 429, headers: { 'retry-after': '1' } }),
    );
    // Another caller has its own count.
    expect(guard.canActivate(requestTo(search, '198.51.100.1').context)).toBe(true);
  });

  it('gives the slot back when the client goes away before the reply finishes', async () => {
    const guard = await guardWithLimit(1);
    const first = requestTo(search);
    expect(guard.canActivate(first.context)).toBe(true);
    expect(() => guard.canActivate(requestTo(search).context)).toThrow();
    first.raw.emit('close');
    expect(guard.canActivate(requestTo(search).context)).toBe(true);
  });

  it('gives the slot back once when the reply finishes, however many events follow', async () => {
    const guard = await guardWithLimit(1);
    const first = requestTo(search);
    guard.canActivate(first.context);
    first.raw.emit('finish');
    first.raw.emit('close');
    const second = requestTo(search);
    expect(guard.canActivate(second.context)).toBe(true);
    // The first request's events did not free the second one's slot.
    expect(() => guard.canActivate(requestTo(search).context)).toThrow();
  });

  it('counts only handlers marked @SearchConcurrencyLimited(), and nothing with limit 0', async () => {
    const guard = await guardWithLimit(1);
    for (let i = 0; i < 3; i++)
      expect(guard.canActivate(requestTo(Routes.prototype.other).context)).toBe(true);
    const unlimited = await guardWithLimit(0);
    for (let i = 0; i < 3; i++) expect(unlimited.canActivate(requestTo(search).context)).toBe(true);
  });
});
