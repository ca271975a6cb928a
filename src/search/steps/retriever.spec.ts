import type { ConfigType } from '@nestjs/config';
import type { MetaSearchBackend } from '../backends/meta-search.backend';
import type { LocalDocsIndex } from '../local/local-docs.index';
import type { searchConfig } from '../search.config';
import { Retriever } from './retriever.step';

const results = (prefix: string) =>
  [1, 2].map((n) => ({
    title: `${prefix}${n}`,
    url: `https://${prefix}.example/${n}`,
    snippet: '',
  }));

describe('Retriever', () => {
  const backend = {
    search: ({ query }: { query: string }) => Promise.resolve(results(query)),
  } as unknown as MetaSearchBackend;
  const localDocs = {
    search: (query: string) =>
      Promise.resolve(
        results(`local-${query}`).map((r) => ({
          ...r,
          url: 'file:///docs/a.md',
          snippet: r.title,
        })),
      ),
  } as unknown as LocalDocsIndex;
  const config = {
    engines: { web: {}, academic: {}, discussions: {} },
    language: 'all',
  } as unknown as ConfigType<typeof searchConfig>;
  const retriever = new Retriever(backend, localDocs, config);

  it("takes a kind's queries in the plan's order, each adding after the earlier ones", async () => {
    const plan = new Map([['web', ['a', 'b']] as const]);
    const merged = await retriever.retrieve(plan, 1, new AbortController().signal);
    expect(merged.map((c) => c.title)).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  it('interleaves source kinds by rank position', async () => {
    const plan = new Map([['web', ['a']] as const, ['local', ['b']] as const]);
    const merged = await retriever.retrieve(plan, 1, new AbortController().signal);
    expect(merged.map((c) => c.title)).toEqual(['a1', 'local-b1', 'a2', 'local-b2']);
  });
});
