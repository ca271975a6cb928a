import { parseRelatedQuestions } from './related-questions.writer';

describe('parseRelatedQuestions', () => {
  it('reads the JSON list asked for, without the question already asked', () => {
    expect(
      parseRelatedQuestions(
        '<think>plan</think>{"questions": ["How long are results cached?", "Where is Redis set?", "What is cached?"]}',
        'what is cached',
      ),
    ).toEqual(['How long are results cached?', 'Where is Redis set?']);
  });

  it('reads a numbered or bulleted list of questions from a model that wrote no JSON', () => {
    expect(
      parseRelatedQuestions(
        'Here are some follow-up questions:\n1. How long are results cached?\n2) Where is Redis set?\n' +
          '- "Can replicas share the cache?"\n* **Is the cache key hashed?**\nHope this helps.',
        'What is cached?',
      ),
    ).toEqual([
      'How long are results cached?',
      'Where is Redis set?',
      'Can replicas share the cache?',
      'Is the cache key hashed?',
    ]);
  });

  it('reads list items without a space after the marker and with brackets in them', () => {
    expect(parseRelatedQuestions('1.What does [1] cite?\n2.How is arr[0] read?', 'q')).toEqual([
      'What does [1] cite?',
      'How is arr[0] read?',
    ]);
  });

  it('takes no question from prose, only from a list', () => {
    expect(parseRelatedQuestions('I cannot suggest anything here.', 'What is cached?')).toEqual([]);
    expect(
      parseRelatedQuestions('Did you mean the cache?\nWhat would you like to know?', 'q'),
    ).toEqual([]);
  });
});
