import { lexicalScores } from './lexical-scores';
import { lexicalTerms } from '../../text';

const terms = (...texts: string[]) => texts.map((text) => lexicalTerms(text));

describe('lexicalTerms', () => {
  it('drops function words and stems inflections so they meet', () => {
    expect(lexicalTerms('How are the results cached?')).toEqual(lexicalTerms('result caching'));
    expect(lexicalTerms('the interceptor')).not.toEqual(lexicalTerms('the interface'));
  });

  it('stems in the language given', () => {
    expect(lexicalTerms('requêtes', 'fr')).toEqual(lexicalTerms('requête', 'fr'));
  });
});

describe('lexicalScores', () => {
  const question = lexicalTerms('How do I cache HTTP responses in undici?');

  it('ranks the document with the rarer question terms first by BM25', () => {
    const docs = terms(
      'HTTP client for Node.js: undici sends HTTP requests.',
      'undici caches HTTP responses with a cache store.',
      'Routing HTTP requests in Fastify.',
    );
    const { bm25 } = lexicalScores(question, question, docs);
    expect(bm25[1]).toBeGreaterThan(bm25[0]);
    expect(bm25[0]).toBeGreaterThan(bm25[2]);
  });

  it('gives 0 BM25 and 0 coverage to a document with no question term', () => {
    const { bm25, coverage } = lexicalScores(question, question, terms('undici', 'Pino logs'));
    expect(bm25[1]).toBe(0);
    expect(coverage[1]).toBe(0);
  });

  it('measures coverage as the IDF-weighted share of the focus terms, 1 when all are present', () => {
    const docs = terms('cache HTTP responses undici', 'undici', 'something else entirely');
    const { coverage } = lexicalScores(question, question, docs);
    expect(coverage[0]).toBeCloseTo(1);
    expect(coverage[1]).toBeGreaterThan(0);
    expect(coverage[1]).toBeLessThan(0.5);
  });

  it('weighs a term every document has at least 1 in coverage, so an on-topic pool keeps it', () => {
    const docs = terms('undici cache', 'undici pool', 'undici proxy');
    // "undici" is in every document (BM25 IDF near 0), "websocket" in none.
    const { coverage } = lexicalScores(question, lexicalTerms('undici websocket'), docs);
    expect(coverage[0]).toBeGreaterThan(0.2);
    expect(coverage[0]).toBeLessThan(0.5);
  });
});
