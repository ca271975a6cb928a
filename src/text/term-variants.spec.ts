import { StemIndex } from './term-variants';
import { lexicalTerms } from './lexical-terms';

describe('StemIndex', () => {
  const index = new StemIndex(
    lexicalTerms('[core] autocrlf = true does not force normalization of text files'),
  );

  it('finds a word through its family, spelled with another suffix', () => {
    expect(index.hasVariant(lexicalTerms('normalise')[0])).toBe(true);
    expect(index.has(lexicalTerms('normalise')[0])).toBe(false);
  });

  it('finds a specific word inside a compound only when asked to', () => {
    expect(index.hasVariant('crlf', { compounds: true })).toBe(true);
    expect(index.hasVariant('crlf')).toBe(false);
  });

  it('keeps short words and words that only begin alike apart', () => {
    const health = new StemIndex(lexicalTerms('a health probe on the core'));
    expect(health.hasVariant(lexicalTerms('healthcheck')[0], { compounds: true })).toBe(false);
    expect(health.hasVariant('cor', { compounds: true })).toBe(false);
  });
});
