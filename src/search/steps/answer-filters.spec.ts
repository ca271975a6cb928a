import fc from 'fast-check';
import { CitationFilter } from './citation-filter';
import { fitContext } from './context-budget';
import { parsePlan, speedQueries } from './query-planner.step';
import { stripThinking, ThinkingFilter } from './thinking-filter';

/** Feeds text one character at a time, the worst case for tags split across chunks. */
function streamed(filter: { push(text: string): string; end(): string }, text: string): string {
  let out = '';
  for (const char of text) out += filter.push(char);
  return out + filter.end();
}

describe('ThinkingFilter', () => {
  it.each([
    ['<think>plan [3]</think>\n\nAnswer.', 'Answer.'],
    ['Before <thinking>hidden</thinking>after', 'Before after'],
    ['<reasoning>x</reasoning>A < B and a <b>tag</b>', 'A < B and a <b>tag</b>'],
    ['<think>never closed', ''],
    ['no tags at all', 'no tags at all'],
  ])('removes reasoning from %j, whole or split into single characters', (input, expected) => {
    expect(stripThinking(input)).toBe(expected);
    expect(streamed(new ThinkingFilter(), input)).toBe(expected);
  });
});

describe('CitationFilter', () => {
  it.each([
    ['A [1][5] B [2]. C [0] [3]', 'A [1] B [2]. C  [3]'],
    ['code a[7] and list[0] stay', 'code a[7] and list[0] stay'],
    ['[12] at start', ' at start'],
    ['unfinished [2', 'unfinished [2'],
  ])('keeps only markers within 1..3 in %j', (input, expected) => {
    expect(streamed(new CitationFilter(3), input)).toBe(expected);
    const whole = new CitationFilter(3);
    expect(whole.push(input) + whole.end()).toBe(expected);
  });

  it('gives the same text however the answer is cut into chunks', () => {
    const alphabet = fc.constantFrom('[', ']', '1', '3', '9', '0', 'a', 'é', ' ', ')', '_', '😀');
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: alphabet, maxLength: 12 }), { maxLength: 8 }),
        (chunks) => {
          const cut = new CitationFilter(3);
          const whole = new CitationFilter(3);
          expect(chunks.map((chunk) => cut.push(chunk)).join('') + cut.end()).toBe(
            whole.push(chunks.join('')) + whole.end(),
          );
        },
      ),
    );
  });
});

describe('parsePlan', () => {
  it('reads queries per kind, a shared list, or code-fenced JSON, and rejects prose', () => {
    expect(parsePlan('{"queries":{"web":["a","b","a"," "]}}', ['web'])).toEqual(
      new Map([['web', ['a', 'b']]]),
    );
    expect(parsePlan('```json\n{"queries":["x","y","z","w"]}\n```', ['web', 'local'])).toEqual(
      new Map([
        ['web', ['x', 'y', 'z']],
        ['local', ['x', 'y', 'z']],
      ]),
    );
    expect(parsePlan('<think>{"no": 1}</think>{"academic":"q"}', ['academic'])).toEqual(
      new Map([['academic', ['q']]]),
    );
    expect(parsePlan('Sure, search for cats.', ['web'])).toBeUndefined();
    expect(parsePlan('{"queries": {"web": [1, 2]}}', ['web'])).toBeUndefined();
  });
});

describe('speedQueries', () => {
  it('searches what the user wrote, and beside a long question its key phrases', () => {
    expect(speedQueries('What is the best way to rotate log files with pino?')).toEqual([
      'What is the best way to rotate log files with pino?',
      'rotate log files pino',
    ]);
    expect(speedQueries('How fast is the  gateway?')).toEqual(['How fast is the gateway?']);
    expect(speedQueries('what is it?')).toEqual(['what is it?']);
  });
});

describe('fitContext', () => {
  const source = (n: number, chars: number) => ({
    title: `S${n}`,
    url: `https://e.com/${n}`,
    content: 'word '.repeat(chars / 5),
    kind: 'web' as const,
  });

  // Tokens as fitContext counts them: 12 per source, title and URL, content, at 4 characters each.
  const tokens = (
    fixed: number,
    sources: ReadonlyArray<{ title: string; url: string; content: string }>,
  ) =>
    Math.ceil(fixed / 4) +
    sources.reduce(
      (sum, s) =>
        sum + 12 + Math.ceil((s.title + s.url).length / 4) + Math.ceil(s.content.length / 4),
      0,
    );

  it('shares the budget: a long source is cut to its share, short ones stay whole', () => {
    const sources = [source(1, 2000), source(2, 40_000), source(3, 500), source(4, 2000)];
    const fitted = fitContext(2000, 'x'.repeat(400), [], sources).sources;
    expect(fitted.map((s) => s.title)).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(fitted[0]).toBe(sources[0]);
    expect(fitted[2]).toBe(sources[2]);
    expect(fitted[3]).toBe(sources[3]);
    expect(fitted[1].content.length).toBeLessThan(40_000);
    expect(tokens(400, fitted)).toBeLessThanOrEqual(2000);
  });

  it('cuts every source alike, and leaves the lowest-ranked out only below 40 tokens each', () => {
    const sources = Array.from({ length: 30 }, (_, i) => source(i + 1, 2000));
    const fitted = fitContext(1000, 'x'.repeat(400), [], sources).sources;
    // 900 tokens left: 15 sources of 17 tokens of title and URL and 43 of text; 16 would get 39.
    expect(fitted.map((s) => s.title)).toEqual(sources.slice(0, 15).map((s) => s.title));
    expect(new Set(fitted.map((s) => s.content.length)).size).toBe(1);
    expect(fitted[0].content.length).toBeGreaterThanOrEqual(40 * 4 - 8);
    expect(tokens(400, fitted)).toBeLessThanOrEqual(1000);
  });

  it('keeps the most recent history within half the budget', () => {
    const history = Array.from({ length: 10 }, (_, i) => ({
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `${i} ${'h'.repeat(400)}`,
    }));
    const fitted = fitContext(1000, '', history, []);
    expect(fitted.history.length).toBeLessThan(10);
    expect(fitted.history.at(-1)).toBe(history[9]);
  });
});
