import type { RankedCandidate } from './candidate';
import { withReadPages } from './passage-order';

const passage = (url: string, snippet: string, score = 1): RankedCandidate => ({
  kind: 'web',
  url,
  title: url,
  snippet,
  score,
});

describe('withReadPages', () => {
  const unread = passage('https://docs.example/answer', 'the excerpt that answers');
  const readLong = passage('https://docs.example/long-page', 'excerpt of a long page');
  const readShort = passage('https://docs.example/short-page', 'excerpt of a short page');
  const first = [readShort, unread, readLong];
  const readUrls = new Set([readLong.url, readShort.url]);
  const isRead = (candidate: RankedCandidate) => readUrls.has(candidate.url);
  const chunks = (page: RankedCandidate) =>
    ['one', 'two', 'three'].map((part) => passage(page.url, part));

  it('keeps every result in its place, a read page as its passages', () => {
    const ordered = withReadPages(
      first,
      [...chunks(readLong), ...chunks(readShort), unread],
      isRead,
    );
    expect([...new Set(ordered.map((p) => p.url))]).toEqual([
      readShort.url,
      unread.url,
      readLong.url,
    ]);
    expect(ordered.filter((p) => p.url === readShort.url).map((p) => p.snippet)).toEqual([
      'one',
      'two',
      'three',
    ]);
  });

  it("drops a read page whose passages all went as near-duplicates of another's", () => {
    const ordered = withReadPages(first, [...chunks(readLong), unread], isRead);
    expect([...new Set(ordered.map((p) => p.url))]).toEqual([unread.url, readLong.url]);
  });

  it('keeps the passages of one address in their own order', () => {
    const ordered = withReadPages(
      first,
      [...chunks(readLong), unread, ...chunks(readShort)],
      isRead,
    );
    expect(ordered.filter((p) => p.url === readLong.url).map((p) => p.snippet)).toEqual([
      'one',
      'two',
      'three',
    ]);
  });
});
