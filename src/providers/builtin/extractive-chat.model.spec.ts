import { firstValueFrom, toArray } from 'rxjs';
import { formatNumberedSources } from '../numbered-sources.format';
import { ExtractiveChatModel, NOTHING_RELEVANT } from './extractive-chat.model';
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

/** The model's answer to a question over the given sources. */
async function answerFrom(
  given: Parameters<typeof formatNumberedSources>[0],
  question: string,
  options?: Parameters<typeof model.complete>[1],
): Promise<string> {
  const messages = [
    { role: 'system' as const, content: formatNumberedSources(given) },
    { role: 'user' as const, content: question },
  ];
  return (await model.complete(messages, options)).text;
}

describe('ExtractiveChatModel', () => {
  it('answers with relevant sentences, each cited, citing only given sources', async () => {
    const { text } = await model.complete(ask('When was the Eiffel Tower completed?'));
    expect(text).toContain('It was completed in 1889 for the World Fair [1].');
    expect(text).not.toMatch(/onion/i);
    expect(text).not.toContain('[7]');
    for (const [, n] of text.matchAll(/\[(\d+)\]/g)) expect(['1', '2']).toContain(n);
  });

  it('puts the sentence a first one leans on ("Hence…") before it', async () => {
    const text = await answerFrom(
      [
        {
          title: 'Unique constraints',
          url: 'https://db.example/unique',
          content:
            'Every NULL is distinct from every other NULL in a comparison. ' +
            'Hence a UNIQUE column accepts many rows whose value is NULL. ' +
            'Indexes are stored as B-trees.',
        },
      ],
      'Why does a UNIQUE column accept several NULL rows?',
      { optimizationMode: 'speed' },
    );
    expect(text).toMatch(
      /^Every NULL is distinct from every other NULL in a comparison \[1\]\. Hence/,
    );
  });

  it('quotes the one sentence of a short source that answers in other words than the question', async () => {
    const text = await answerFrom(
      [
        {
          title: 'runbook.md > Rotating the signing keys',
          url: '/v1/vector_stores/vs_a/files/file-1',
          content:
            'Rotate the webhook signing key every ninety days. Generate the new key with the key tool, ' +
            'deploy it beside the old one, and retire the old key after a day.',
        },
      ],
      'How often should the webhook key be changed?',
    );
    expect(text).toMatch(/^Rotate the webhook signing key every ninety days \[1\]\./);
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

  it('puts the marker after a mark that belongs to a symbol', async () => {
    const text = await answerFrom(
      [
        {
          title: 'Scripts',
          url: 'https://a.example/s',
          content: 'Shell scripts often begin with #!',
        },
      ],
      'How do shell scripts begin?',
    );
    expect(text).toBe('Shell scripts often begin with #! [1].');
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
    expect(text).toMatch(/closest match(es)? (is|are) “Zorblax[^”]*” \[1\]/);
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
    expect(text).toMatch(/closest match is “Testing” \[1\]\.$/);
  });

  it('answers from a source that names the subject although it words the rest differently', async () => {
    // Only one of four sources names WebSocket, and none says "forward" or "connections".
    const guide = formatNumberedSources([
      {
        title: 'mod_proxy',
        url: 'https://a.example/mod/mod_proxy',
        content:
          'See the documentation of mod_proxy_wstunnel for how to proxy the WebSocket protocol.',
      },
      {
        title: 'Filters',
        url: 'https://a.example/f',
        content: 'Filters change the body of a reply.',
      },
      {
        title: 'Logs',
        url: 'https://a.example/l',
        content: 'The access log records each request.',
      },
      { title: 'Modules', url: 'https://a.example/m', content: 'Modules are loaded at start-up.' },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: guide },
      { role: 'user', content: 'How do I forward WebSocket connections through Apache?' },
    ]);
    expect(text).not.toBe(NOTHING_RELEVANT.en);
    expect(text).toContain('[1]');
  });

  it('finds the question in the sources through word variants and compounds', async () => {
    // "normalise" against "normalization", "CRLF" inside the option name "autocrlf".
    const attributes = formatNumberedSources([
      {
        title: 'gitattributes(5)',
        url: 'https://a.example/gitattributes',
        content:
          '[core] autocrlf = true This does not force normalization of text files, but makes text files you add have their line endings normalized to LF.',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: attributes },
      {
        role: 'user',
        content:
          'Windows and Linux people on my team keep fighting over CRLF. How do I make the repository normalise text files?',
      },
    ]);
    expect(text).not.toBe(NOTHING_RELEVANT.en);
  });

  it('does not take the pieces of a contraction for what the question names', async () => {
    const stash = formatNumberedSources([
      {
        title: 'git-stash(1)',
        url: 'https://a.example/git-stash',
        content:
          'Use git stash when you want to record the current state of the working directory and the index, but want to go back to a clean working directory.',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: stash },
      {
        role: 'user',
        content:
          "My changes aren't ready and I don't want to commit them. How do I record them and get a clean working directory?",
      },
    ]);
    expect(text).toContain('[1]');
  });

  it('declines sources that share a word with the question but name none of the things it names', async () => {
    const headers = formatNumberedSources([
      {
        title: 'mod_expires',
        url: 'https://a.example/mod_expires',
        content:
          "These HTTP headers are an instruction to the client about the document's validity and persistence.",
      },
      ...[
        'Logs record each request.',
        'Modules are loaded at start-up.',
        'Filters change a body.',
      ].map((content, i) => ({ title: `Page ${i}`, url: `https://a.example/${i}`, content })),
    ]);
    const { text } = await model.complete([
      { role: 'system', content: headers },
      { role: 'user', content: 'What does the HEALTHCHECK instruction in a Dockerfile do?' },
    ]);
    expect(text).toBe(NOTHING_RELEVANT.en);
  });

  it('quotes first the sentences that name the identifier the question names', async () => {
    const asyncio = formatNumberedSources([
      {
        title: 'Coroutines and tasks',
        url: 'https://a.example/asyncio-task',
        content:
          'asyncio.wait_for waits for a task to complete and raises an exception when it times out, cancelling the task. ' +
          'asyncio.gather runs awaitables concurrently and returns their results in order. ' +
          'With return_exceptions set, asyncio.gather returns exceptions as results.',
      },
    ]);
    const { text } = await model.complete(
      [
        { role: 'system', content: asyncio },
        { role: 'user', content: 'What does asyncio.gather do when a task raises an exception?' },
      ],
      { optimizationMode: 'quality' },
    );
    const sentences = text.split(/(?<=\]\.) /);
    expect(sentences[0]).toContain('asyncio.gather');
    expect(sentences[1]).toContain('asyncio.gather');
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

  it('quotes first from the source search ranked higher when sentences match the question alike', async () => {
    const text = await answerFrom(
      [
        {
          title: 'Zorblax',
          url: 'https://a.example/archives',
          content: 'Zorblax archives are compressed with a shared dictionary.',
        },
        ...['Logs record each request.', 'Modules are loaded at start-up.'].map((content, i) => ({
          title: `Page ${i}`,
          url: `https://a.example/${i}`,
          content,
        })),
        {
          // Its title holds the question's words too: alone, this sentence would score higher.
          title: 'Compressed zorblax archives',
          url: 'https://a.example/news',
          content: 'Zorblax archives are compressed in blocks of one megabyte.',
        },
      ],
      'How are zorblax archives compressed?',
    );
    expect(text.startsWith('Zorblax archives are compressed with a shared dictionary [1].')).toBe(
      true,
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

  it("quotes neither an FAQ's numbered question nor the heading glued to its answer", async () => {
    const heading = '(19) Saving is slow - I can only save a few files a minute';
    const text = await answerFrom(
      [
        {
          title: heading,
          url: 'https://a.example/faq#q19',
          content: `${heading} Actually, the editor saves thousands of files a minute. But it only makes a few commits a minute.`,
        },
        {
          title: 'Editor FAQ',
          url: 'https://a.example/faq#q20',
          content: '(20) My saved files do not keep the colours I chose.',
        },
      ],
      'Why can my editor only save a few files a minute?',
      { optimizationMode: 'quality' },
    );
    expect(text).toContain('Actually, the editor saves thousands of files a minute [1].');
    expect(text).not.toMatch(/\(19\)|\(20\)|Saving is slow/);
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

  it('answers a longer follow-up that points back with a pronoun about the conversation', async () => {
    const sources = formatNumberedSources([
      {
        title: 'Golden Gate Bridge',
        url: 'https://a.example/bridge',
        content: 'Painters renew the paint of the Golden Gate Bridge every few years by hand.',
      },
      {
        title: 'Eiffel Tower',
        url: 'https://a.example/eiffel',
        content: 'Painters renew the paint of the Eiffel Tower every seven years by hand.',
      },
    ]);
    const { text } = await model.complete([
      { role: 'system', content: sources },
      { role: 'user', content: 'When was the Eiffel Tower built?' },
      { role: 'assistant', content: 'It was completed in 1889 [2].' },
      { role: 'user', content: 'How many years pass before painters renew its paint?' },
    ]);
    expect(text.startsWith('Painters renew the paint of the Eiffel Tower')).toBe(true);
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
