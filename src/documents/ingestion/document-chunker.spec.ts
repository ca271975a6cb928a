import { chunkDocument, DEFAULT_CHUNKING } from './document-chunker';

/** A paragraph of distinct words ("w0 w1 w2 ..."), long enough to need several chunks. */
function paragraph(words: number): string {
  return Array.from({ length: words }, (_, i) => `w${i}`).join(' ');
}

describe('chunkDocument', () => {
  const document = (text: string) => ({ title: 'Doc', sections: [{ path: [], text }] });

  it('cuts a long paragraph into overlapping chunks, none a copy of part of another', () => {
    const text = paragraph(1500); // about 8,400 characters, no sentence ends
    const chunks = chunkDocument(document(text), DEFAULT_CHUNKING).map((chunk) => chunk.text);
    expect(chunks.length).toBeGreaterThan(2);
    for (const [i, chunk] of chunks.entries()) {
      // 800 tokens of four characters.
      expect(chunk.length).toBeLessThanOrEqual(3200);
      chunks.forEach((other, j) => {
        if (i !== j)
          expect({ i, j, inside: other.includes(chunk) }).toEqual({ i, j, inside: false });
      });
      // Whole words only: every word of a chunk is one of the paragraph's.
      expect(chunk.split(/\s+/).every((word) => /^w\d+$/.test(word))).toBe(true);
    }
    // Nothing lost, and neighbours share words (the overlap).
    const words = new Set(chunks.flatMap((chunk) => chunk.split(/\s+/)));
    expect(words.size).toBe(1500);
    expect(chunks[1].split(/\s+/)).toContain(chunks[0].split(/\s+/).at(-1));
  });

  it('does not carry a whole chunk into the next (paragraphs of half a chunk each)', () => {
    // Three paragraphs of exactly 1,600 characters (the longest piece): two do not fit in one
    // chunk of 3,200 with the break between them.
    const paragraphs = ['a', 'b', 'c'].map(
      (letter) => `${letter.repeat(7)} `.repeat(199) + letter.repeat(8),
    );
    expect(paragraphs.map((text) => text.length)).toEqual([1600, 1600, 1600]);
    const chunks = chunkDocument(document(paragraphs.join('\n\n')), DEFAULT_CHUNKING).map(
      (chunk) => chunk.text,
    );
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.length).toBeLessThanOrEqual(3200);
      if (i > 0) expect(chunk.startsWith(chunks[i - 1])).toBe(false);
    }
  });
});
