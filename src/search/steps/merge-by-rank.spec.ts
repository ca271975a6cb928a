import type { Candidate } from './candidate';
import { mergeByRank } from './retriever.step';

function web(url: string, title = url): Candidate {
  return { kind: 'web', url, title, snippet: `about ${title}` };
}

describe('mergeByRank', () => {
  it('interleaves the lists by rank position', () => {
    const merged = mergeByRank([
      [web('https://a.example/1'), web('https://a.example/2')],
      [web('https://b.example/1'), web('https://b.example/2')],
    ]);
    expect(merged.map((candidate) => candidate.url)).toEqual([
      'https://a.example/1',
      'https://b.example/1',
      'https://a.example/2',
      'https://b.example/2',
    ]);
  });

  it('keeps the first of a page found twice, also when the URLs differ only in form', () => {
    const merged = mergeByRank([
      [web('https://a.example/page', 'first'), web('https://c.example/')],
      [
        web('https://a.example/page/', 'repeat'),
        web('https://A.example/page?utm_source=x', 'variant'),
      ],
    ]);
    expect(merged.map((candidate) => candidate.title)).toEqual(['first', 'https://c.example/']);
  });

  it('keeps entries of one page that differ by their fragment: each is a result of its own', () => {
    const merged = mergeByRank([
      [
        web('https://faq.example/#why', 'why'),
        web('https://faq.example/#how', 'how'),
        web('https://FAQ.example/#how', 'how again'),
      ],
    ]);
    expect(merged.map((candidate) => candidate.title)).toEqual(['why', 'how']);
  });

  it('keeps different passages of one local file', () => {
    const local = (snippet: string): Candidate => ({
      kind: 'local',
      url: 'file:///docs/search.md',
      title: 'search.md',
      snippet,
    });
    const merged = mergeByRank([[local('one')], [local('two'), local('one')]]);
    expect(merged.map((candidate) => candidate.snippet)).toEqual(['one', 'two']);
  });
});
