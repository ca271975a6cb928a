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

  const urlsOf = (ordered: readonly RankedCandidate[]) => [...new Set(ordered.map((p) => p.url))];

  it('keeps a result not read in its place and puts a read page where its passages stand', () => {
    const ordered = withReadPages(
      first,
      [...chunks(readLong), ...chunks(readShort), unread],
      isRead,
    );
    // Two read pages in opposite orders tie: the first ranking's order stands.
    expect(urlsOf(ordered)).toEqual([readShort.url, unread.url, readLong.url]);
    expect(ordered.filter((p) => p.url === readShort.url).map((p) => p.snippet)).toEqual([
      'one',
      'two',
      'three',
    ]);
  });

  it('moves a read page up among the read ones when its own text ranks it first', () => {
    const readLast = passage('https://docs.example/last-page', 'excerpt that undersells it');
    const isAnyRead = (candidate: RankedCandidate) =>
      readUrls.has(candidate.url) || candidate.url === readLast.url;
    const ordered = withReadPages(
      [readShort, unread, readLong, readLast],
      [...chunks(readLast), ...chunks(readShort), unread, ...chunks(readLong)],
      isAnyRead,
    );
    expect(urlsOf(ordered)).toEqual([readShort.url, unread.url, readLast.url, readLong.url]);
  });

  it("drops a read page whose passages all went as near-duplicates of another's", () => {
    const ordered = withReadPages(first, [...chunks(readLong), unread], isRead);
    expect(urlsOf(ordered)).toEqual([unread.url, readLong.url]);
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
