import { scoreSentences } from './sentence-relevance';
import { stemOf } from '../../text';

describe('scoreSentences', () => {
  const score = (question: string, texts: string[], title = 'Doc') =>
    scoreSentences(
      question,
      texts.map((text) => ({ text, title })),
    ).map((s) => Number(s.relevance.toFixed(4)));

  it('ranks the sentence that answers above ones that only share common words', () => {
    const [answer, weak, none] = score('How are webhooks signed?', [
      'Each webhook is signed with an HMAC of the body, the same scheme GitHub uses.',
      'Webhooks are sent as JSON to the address given in the request body here.',
      'The cache falls back to memory when Redis is down for a while.',
    ]);
    expect(answer).toBeGreaterThan(weak);
    expect(none).toBe(0);
  });

  it('matches inflections through stems, and prefers sentences of readable length', () => {
    expect(stemOf('signed')).toBe(stemOf('signing'));
    expect(stemOf('cached')).toBe(stemOf('cache'));
    const filler = 'and then some more words that say nothing in particular at all'.repeat(5);
    const [normal, long] = score('cache results', [
      'The service will cache results for ten minutes before asking again.',
      `The service will cache results for ten minutes, ${filler}.`,
      'Unrelated sentence about the weather in spring and summer.',
    ]);
    expect(normal).toBeGreaterThan(long);
  });

  it('counts the source title as context, at a fraction of the sentence itself', () => {
    const question = 'How is the cache configured?';
    const text = 'It is configured with a time to live in milliseconds.';
    const [withTitle] = score(question, [text, 'Something else entirely here.'], 'Cache');
    const [without] = score(question, [text, 'Something else entirely here.'], 'Other');
    expect(withTitle).toBeGreaterThan(without);
  });
});
