import { firstValueFrom, toArray } from 'rxjs';
import { formatNumberedSources } from '../numbered-sources.format';
import { ExtractiveChatModel } from './extractive-chat.model';
import { HashingEmbeddingModel } from './hashing-embedding.model';
import { cosine, HASHING_DIMENSIONS, hashingVectors } from './hashing-vectorizer';

const model = new ExtractiveChatModel('id', 'Built-in', 'extractive');

const sources = formatNumberedSources([
  {
    title: 'Eiffel Tower',
    url: 'https://a.example/eiffel',
    content:
      'The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 for the World Fair. ' +
      'Gustave Eiffel designed it [7]. The tower is 330 metres tall.',
  },
  {
    title: 'Cooking',
    url: 'https://b.example/soup',
    content: 'Onion soup needs slow caramelised onions. Serve it with bread and cheese.',
  },
]);
const ask = (question: string) => [
  { role: 'system' as const, content: `Answer from these sources.\n${sources}` },
  { role: 'user' as const, content: question },
];

describe('ExtractiveChatModel', () => {
  it('answers with relevant sentences, each cited, citing only given sources', async () => {
    const { text } = await model.complete(ask('When was the Eiffel Tower completed?'));
    expect(text).toContain('It was completed in 1889 for the World Fair [1].');
    expect(text).not.toMatch(/onion/i);
    expect(text).not.toContain('[7]');
    for (const [, n] of text.matchAll(/\[(\d+)\]/g)) expect(['1', '2']).toContain(n);
  });

  it('puts the marker right after the last word when the text has a space before its full stop', async () => {
    const spaced = formatNumberedSources([
      {
        title: 'Tower',
        url: 'https://a.example/t',
        content: 'The tower is painted with lead paint .',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: spaced },
      { role: 'user', content: 'What is the tower painted with?' },
    ]);
    expect(text).toBe('The tower is painted with lead paint [1].');
  });

  it('streams the same answer sentence by sentence, deterministically', async () => {
    const chunks = await firstValueFrom(
      model.stream(ask('How tall is the Eiffel Tower in Paris?')).pipe(toArray()),
    );
    expect(chunks.length).toBeGreaterThan(1);
    const whole = await model.complete(ask('How tall is the Eiffel Tower in Paris?'));
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(whole.text);
  });

  it('writes more in quality mode than in speed mode', async () => {
    const question = 'Tell me about the Eiffel Tower, onion soup and bread with cheese';
    const speed = await model.complete(ask(question), { optimizationMode: 'speed' });
    const quality = await model.complete(ask(question), { optimizationMode: 'quality' });
    expect(quality.text.length).toBeGreaterThan(speed.text.length);
  });

  it('says plainly when nothing is relevant, or when there are no sources', async () => {
    expect((await model.complete(ask('Quantum chromodynamics gauge theory?'))).text).toBe(
      'The sources provided contain nothing relevant to this question.',
    );
    expect((await model.complete([{ role: 'user', content: 'Wer war Goethe?' }])).text).toMatch(
      /keine Quellen/,
    );
  });

  it('declines sources that share everyday words but never name what is asked about', async () => {
    const migrations = formatNumberedSources([
      {
        title: 'Database',
        url: 'https://a.example/db',
        content:
          '… plugins for your database of choice … Database schema migrations are an integral part of database management and development. Migrations …',
      },
    ]);
    const question = 'How do I roll back a database migration in Django?';
    const { text } = await model.complete([
      { role: 'system', content: migrations },
      { role: 'user', content: question },
    ]);
    expect(text).toBe('The sources provided contain nothing relevant to this question.');
  });

  it('quotes no whole sentence from sources that never name what is asked about', async () => {
    const unrelated = formatNumberedSources([
      {
        title: 'Database',
        url: 'https://a.example/db',
        content:
          'Database migrations keep the database schema in step with the code of the application.',
      },
      {
        title: 'Migration guide',
        url: 'https://a.example/migrate',
        content: 'To go back to an earlier schema, run the down step of the last migration.',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: unrelated },
      { role: 'user', content: 'How do I roll back a database migration in Django?' },
    ]);
    expect(text).toBe('The sources provided contain nothing relevant to this question.');
  });

  it('points at sources about what the question names when their excerpts leave out a word of it', async () => {
    // "incrementally" is in no excerpt, but most of them are about zorblax, the question's subject.
    const excerpts = formatNumberedSources([
      {
        title: 'Zorblax options',
        url: 'https://a.example/1',
        content: '… zorblax snapshot options: level, window …',
      },
      {
        title: 'Zorblax API',
        url: 'https://a.example/2',
        content: '… zorblax.restore() zorblax.compress() …',
      },
      {
        title: 'Other tool',
        url: 'https://a.example/3',
        content: '… snapshots of disks: list, delete …',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: excerpts },
      { role: 'user', content: 'Can zorblax compress snapshots incrementally?' },
    ]);
    expect(text).toMatch(/closest match(es)? (is|are) sources? \[1\]/);
    expect(text).not.toContain('[3]');
  });

  it('points at the closest sources when excerpts name the question but hold no whole sentence', async () => {
    const excerpts = formatNumberedSources([
      {
        title: 'Testing',
        url: 'https://a.example/testing',
        content:
          '… routes of a Fastify server can be tested without starting it, see test results … inject method:',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: excerpts },
      { role: 'user', content: 'How do I test my Fastify routes without starting a server?' },
    ]);
    expect(text).toMatch(/closest match is source \[1\]/);
  });

  it('declines sources that name the subject only in passing, never with what is asked', async () => {
    // A framework's guide: one section mentions Kubernetes pods, others say "limits" and "memory".
    const guide = formatNumberedSources([
      {
        title: 'Guide > Kubernetes',
        url: 'https://a.example/k',
        content: 'The health probe reaches the pod on its own address.',
      },
      {
        title: 'Client > Options',
        url: 'https://a.example/c',
        content: 'Set it to 0 to disable these limits. Defaults to 10.',
      },
      {
        title: 'Cache > Store',
        url: 'https://a.example/s',
        content: 'The store keeps responses in memory until it is full.',
      },
      {
        title: 'Server > Options',
        url: 'https://a.example/o',
        content: 'The body limit is 1 MiB. Larger bodies are rejected.',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: guide },
      { role: 'user', content: 'How do I set memory limits for a pod in Kubernetes?' },
    ]);
    expect(text).toBe('The sources provided contain nothing relevant to this question.');
  });

  it('puts the sentence that answers best first, before the earlier sentences of its source', async () => {
    const sources = formatNumberedSources([
      {
        title: 'Routine maintenance',
        url: 'https://a.example/maintenance',
        content:
          'The storage of dead tuples grows on busy tables. ' +
          'VACUUM reclaims the storage occupied by dead tuples. Indexes speed up lookups on large tables.',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: sources },
      { role: 'user', content: 'What reclaims the storage of dead tuples?' },
    ]);
    expect(text).toBe(
      'VACUUM reclaims the storage occupied by dead tuples [1]. The storage of dead tuples grows on busy tables [1].',
    );
  });

  it('quotes no piece cut mid-sentence or mid-word and no markup debris', async () => {
    const sources = formatNumberedSources([
      {
        title: 'VACUUM',
        url: 'https://a.example/vacuum',
        content:
          'tion of the table. ") ] Description VACUUM reclaims storage occupied by dead tuples. ' +
          'VACUUM runs in the background on every table. Dead tuples are left behind by the proxy, wh',
      },
    ]);
    const { text } = await model.complete(
      [
        { role: 'system', content: sources },
        { role: 'user', content: 'Where does VACUUM run, and what does it reclaim?' },
      ],
      { optimizationMode: 'quality' },
    );
    expect(text).toContain('VACUUM runs in the background on every table [1].');
    expect(text).not.toMatch(/"\)|\] Description|tion of|, wh\b/);
  });

  it('answers a short follow-up about the subject of the conversation', async () => {
    const sources = formatNumberedSources([
      {
        title: 'Eiffel Tower',
        url: 'https://a.example/eiffel',
        content: 'The Eiffel Tower is painted every seven years. Its paint weighs sixty tonnes.',
      },
      {
        title: 'Golden Gate Bridge',
        url: 'https://a.example/bridge',
        content: 'The Golden Gate Bridge is painted orange. Its paint is renewed continuously.',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: sources },
      { role: 'user', content: 'When was the Eiffel Tower built?' },
      { role: 'assistant', content: 'It was completed in 1889 [1].' },
      { role: 'user', content: 'How often is it painted?' },
    ]);
    expect(text.startsWith('The Eiffel Tower is painted every seven years [1].')).toBe(true);
    expect(text).not.toContain('Golden Gate');
  });

  it('returns planner queries as JSON when asked', async () => {
    const { text } = await model.complete(
      [{ role: 'user', content: 'What is the height of the Eiffel Tower?' }],
      { json: true },
    );
    expect(JSON.parse(text)).toEqual({
      queries: ['What is the height of the Eiffel Tower?', 'height eiffel tower'],
    });
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(model.complete(ask('Eiffel'), { signal: controller.signal })).rejects.toThrow(
      /cancelled/,
    );
  });
});

describe('hashingVectors', () => {
  it('says its embedding model is lexical, so search weighs it as one word order', () => {
    expect(new HashingEmbeddingModel('id', 'Built-in', 'hashing').lexicalOnly).toBe(true);
  });

  it('gives unit vectors of a fixed size where similar texts are closer', () => {
    const [query, near, far] = hashingVectors([
      'eiffel tower height',
      'The height of the Eiffel tower is 330 metres',
      'Onion soup with bread',
    ]);
    expect(query).toHaveLength(HASHING_DIMENSIONS);
    expect(cosine(query, query)).toBeCloseTo(1, 6);
    expect(cosine(query, near)).toBeGreaterThan(cosine(query, far) + 0.1);
    expect(hashingVectors(['same text', 'other'])).toEqual(hashingVectors(['same text', 'other']));
  });
});
