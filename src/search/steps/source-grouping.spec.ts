import type { Candidate } from './candidate';
import { sourcesByUrl } from './source-grouping';

const passage = (url: string, snippet: string, kind: Candidate['kind'] = 'local'): Candidate => ({
  kind,
  url,
  title: url,
  snippet,
});

describe('sourcesByUrl', () => {
  it('joins the passages of one address into one source, best first, in best-passage order', () => {
    const sources = sourcesByUrl(
      [
        passage('file:///docs/a.md#cache', 'Best part.'),
        passage('file:///docs/b.md#logs', 'Other page.'),
        passage('file:///docs/a.md#cache', 'Second part.'),
      ],
      8,
    );
    expect(sources.map((s) => [s.url, s.content])).toEqual([
      ['file:///docs/a.md#cache', 'Best part.\n\nSecond part.'],
      ['file:///docs/b.md#logs', 'Other page.'],
    ]);
  });

  it('keeps entries of one page that differ by fragment apart, and trims to the count wanted', () => {
    const sources = sourcesByUrl(
      [
        passage('https://faq.example/#why', 'Why.', 'discussions'),
        passage('https://faq.example/#how', 'How.', 'discussions'),
        passage('https://faq.example/#when', 'When.', 'discussions'),
      ],
      2,
    );
    expect(sources.map((s) => s.url)).toEqual([
      'https://faq.example/#why',
      'https://faq.example/#how',
    ]);
  });
});
