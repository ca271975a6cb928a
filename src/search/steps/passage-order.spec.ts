import type { RankedCandidate } from './candidate';
import { fuseWithFirstRanking } from './passage-order';

const passage = (url: string, snippet: string, score = 1): RankedCandidate => ({
  kind: 'web',
  url,
  title: url,
  snippet,
  score,
});

describe('fuseWithFirstRanking', () => {
  const unread = passage('https://docs.example/answer', 'the excerpt that answers');
  const read = passage('https://docs.example/long-page', 'excerpt of a long page');
  const first = [unread, read];

  it("keeps a result first when only a read page's passages, one of many, rank above it", () => {
    const passages = ['one', 'two', 'three'].map((part) => passage(read.url, part));
    const fused = fuseWithFirstRanking(first, [...passages, unread]);
    expect(fused[0].url).toBe(unread.url);
  });

  it('keeps the passages of one address in their own order', () => {
    const passages = ['one', 'two', 'three'].map((part) => passage(read.url, part));
    const fused = fuseWithFirstRanking(first, [...passages, unread]);
    expect(fused.filter((p) => p.url === read.url).map((p) => p.snippet)).toEqual([
      'one',
      'two',
      'three',
    ]);
  });
});
