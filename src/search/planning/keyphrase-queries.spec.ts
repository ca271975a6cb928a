import { keyphraseQueries, keyPhrases } from './keyphrase-queries';

describe('keyPhrases', () => {
  it('splits at function words, question filler and punctuation, longest phrases first', () => {
    expect(keyPhrases('What is the best way to rotate log files with pino, daily?')).toEqual([
      'rotate log files',
      'pino',
      'daily',
    ]);
  });

  it('reads contractions and possessives as English writes them, not as phrase breaks', () => {
    expect(keyPhrases("Why can't my sibling plugin's decorator be seen? It doesn't work")).toEqual([
      'sibling plugin decorator',
      'seen',
    ]);
  });

  it('keeps identifiers whole and drops repeated phrases', () => {
    expect(
      keyPhrases('Why FST_ERR_CTP_EMPTY_TYPE? Why FST_ERR_CTP_EMPTY_TYPE, pino-pretty?'),
    ).toEqual(['FST_ERR_CTP_EMPTY_TYPE', 'pino-pretty']);
  });
});

describe('keyphraseQueries', () => {
  it('plans the key phrases, the most specific ones, and the question as asked', () => {
    const question = 'How do I rotate log files with pino every day in production?';
    const queries = keyphraseQueries(question, []);
    expect(queries).toEqual([
      'rotate log files pino every day production',
      'rotate log files pino every day',
      question,
    ]);
  });

  it('plans at most 3 queries with no repeats', () => {
    const queries = keyphraseQueries('pino pino pino', []);
    expect(queries).toEqual(['pino', 'pino pino pino']);
    expect(new Set(queries.map((q) => q.toLowerCase())).size).toBe(queries.length);
  });

  it("gives a short follow-up the key phrases of the conversation's earlier user turns", () => {
    const history = [
      { role: 'user' as const, content: 'How do I redact passwords in pino logs?' },
      { role: 'assistant' as const, content: 'Use the redact option with paths.' },
    ];
    const queries = keyphraseQueries('and remove them completely?', history);
    expect(queries[0]).toBe('redact passwords pino logs remove');
    // A follow-up this short is not searched as asked: it means nothing alone.
    expect(queries).not.toContain('and remove them completely?');
  });
});
