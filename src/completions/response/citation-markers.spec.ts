import { findCitationMarkers } from './citation-markers';

describe('findCitationMarkers', () => {
  it('finds every in-range marker with offsets that slice back to it', () => {
    const content = 'Paris is large [1]. It has a river [2][3], and 😀 emoji [1].';
    const markers = findCitationMarkers(content, 3);
    expect(markers.map((m) => m.n)).toEqual([1, 2, 3, 1]);
    for (const marker of markers) {
      expect(content.slice(marker.start, marker.end)).toBe(`[${marker.n}]`);
    }
  });

  it('ignores out-of-range numbers and indexing glued to a word', () => {
    expect(findCitationMarkers('See a[1] and [4] and [0] but [2].', 3)).toEqual([
      { n: 2, start: 29, end: 32 },
    ]);
  });
});
