import { formatNumberedSources } from '../numbered-sources.format';
import { followUpQuestions } from './follow-up-questions';

const INSTRUCTION = {
  role: 'user' as const,
  content: 'Suggest 3 to 5 follow-up questions as {"questions": [...]}.',
};

describe('followUpQuestions (built-in model)', () => {
  it('writes 3 to 5 questions from the conversation, none of them prompt text', () => {
    const questions = followUpQuestions([
      { role: 'system', content: 'You suggest follow-up questions. Reply with JSON.' },
      { role: 'user', content: 'How are meta-search results cached?' },
      {
        role: 'assistant',
        content:
          'Results are cached under a SHA-256 of the backend, query and parameters for SEARCH_CACHE_TTL_MS [1]. ' +
          'The cache lives in Redis when REDIS_URL is set, so replicas share it [2].',
      },
      INSTRUCTION,
    ]);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.length).toBeLessThanOrEqual(5);
    for (const question of questions) {
      expect(question).toMatch(/\?$/);
      expect(question).not.toMatch(/suggest|json|follow-up|reply/i);
    }
    expect(questions.join(' ')).toMatch(/Redis|SEARCH_CACHE_TTL_MS|SHA-256/);
    expect(questions.join(' ')).toMatch(/meta-search results/);
  });

  it('draws on the sources given in a <sources> block', () => {
    const questions = followUpQuestions([
      {
        role: 'system',
        content: `Suggest questions.\n${formatNumberedSources([
          {
            title: 'Mozilla Readability',
            url: 'https://example.org/r',
            content: 'Readability extracts the main text of a page.',
          },
        ])}`,
      },
      { role: 'user', content: 'How are pages read?' },
      INSTRUCTION,
    ]);
    expect(questions.join(' ')).toMatch(/Readability/);
  });

  it('is deterministic and answers in the language of the questions', () => {
    const messages = [
      { role: 'user' as const, content: 'Wie funktioniert der Cache für die Suche?' },
      {
        role: 'assistant' as const,
        content: 'Der Cache speichert Ergebnisse in Redis für zehn Minuten.',
      },
      INSTRUCTION,
    ];
    expect(followUpQuestions(messages)).toEqual(followUpQuestions(messages));
    expect(followUpQuestions(messages).join(' ')).toMatch(/Was ist|Wie hängt|Vorteile/);
  });

  it('asks grammatical questions about plural terms and about what the texts are about', () => {
    const questions = followUpQuestions([
      { role: 'user', content: 'How does Postgres keep old row versions around?' },
      {
        role: 'assistant',
        content:
          'Old row versions are kept as dead tuples until VACUUM removes them [1]. ' +
          'Dead tuples take space, and VACUUM reclaims it for new row versions [1].',
      },
      INSTRUCTION,
    ]);
    const text = questions.join(' ');
    expect(text).not.toMatch(/\bis (?:dead )?tuples\b|\bdoes (?:dead )?tuples\b/i);
    expect(text).toMatch(/What are dead tuples\?|How do dead tuples relate to/);
    expect(text).not.toMatch(/Postgres keep/);
  });
  it('does not take a count or a quantifier for part of the topic', () => {
    const questions = followUpQuestions([
      {
        role: 'user',
        content: 'Can I have two branches checked out at the same time in different directories?',
      },
      { role: 'assistant', content: 'A repository can have several working trees [1].' },
      INSTRUCTION,
    ]);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.join(' ')).not.toMatch(/\btwo\b|\bseveral\b|\bdifferent\b/i);
  });

  it('asks about a plural topic with questions that agree with it', () => {
    const questions = followUpQuestions([
      { role: 'user', content: 'How do I upload my own files so search can use them?' },
      { role: 'assistant', content: 'The service answers from its sources [1].' },
      INSTRUCTION,
    ]);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.join(' ')).not.toMatch(/\b(?:does|is|has) (?:own )?files\b/i);
  });

  it('asks about what the pages say, not about their site, its own replies or loose word runs', () => {
    const page = (title: string, text: string) => ({
      title,
      url: `https://a.example/${title.length}`,
      content: `Home Menu About Documentation Download License Support Purchase Search. ${text}`,
    });
    const sources = formatNumberedSources([
      page(
        'Datatypes',
        'A column declared INTEGER holds integers. It causes every row to be kept.',
      ),
      page('Strict tables', 'A STRICT table rejects a text value in an INTEGER column.'),
      page(
        'Quirks',
        'Flexible typing lets a column hold any value. It causes every row to be kept.',
      ),
    ]);
    const questions = followUpQuestions([
      { role: 'system', content: sources },
      { role: 'user', content: 'Can I make SQLite refuse a text value in an integer column?' },
      {
        role: 'assistant',
        content:
          'The sources found do not answer this in a quotable sentence; the closest matches are sources [1][2].',
      },
      INSTRUCTION,
    ]);
    const text = questions.join(' ');
    expect(text).not.toMatch(/Documentation Download|Support Purchase|Home Menu/);
    expect(text).not.toMatch(/\bsources\b|quotable|closest/i);
    expect(text).not.toMatch(/every row/);
    expect(text).toMatch(/STRICT|Flexible typing|Datatypes/);
  });

  it('leaves the verbs and adverbs of a question and its answers out of the topic', () => {
    const suggest = (question: string, answer: string) =>
      followUpQuestions([
        { role: 'user', content: question },
        { role: 'assistant', content: answer },
        INSTRUCTION,
      ]).join(' ');
    const limit = suggest(
      'Can Apache limit how fast clients download large files?',
      'The server always answers requests in order [1].',
    );
    expect(limit).not.toMatch(/Apache limit|clients download/);
    expect(limit).not.toMatch(/\balways\b/);
    const reload = suggest(
      "How do I reload Apache's configuration without cutting off requests in progress?",
      'A graceful restart rereads the configuration and lets children finish their requests [1].',
    );
    expect(reload).not.toMatch(/\breload\b/);
    expect(reload).toMatch(/Apache's configuration/);
    const broke = suggest(
      'One of the last 200 commits broke the build. How do I find which one?',
      'Bisect halves the range of commits at each step [1].',
    );
    expect(broke).not.toMatch(/\bbroke\b/);
    const inside = suggest(
      "How do I include another project's repository inside mine?",
      'A submodule records the commit of another repository [1].',
    );
    expect(inside).not.toMatch(/\binside\b|\bmine\b/);
    const pragma = suggest(
      'How do I see how many rows a statement changed?',
      'The count_changes pragma reports rows changed [1]. Views ignore count_changes [2].',
    );
    expect(pragma).not.toMatch(/What are count_changes/);
  });

  it('takes the topic of a follow-up from the question it follows as well', () => {
    const questions = followUpQuestions([
      { role: 'user', content: 'How do I keep several values in one bash variable?' },
      { role: 'assistant', content: 'Bash has one-dimensional array variables [1].' },
      { role: 'user', content: 'And how do I find out how many items it holds?' },
      { role: 'assistant', content: 'The length of an array is given by its subscript [1].' },
      INSTRUCTION,
    ]).join(' ');
    expect(questions).toMatch(/\bbash\b/);
    expect(questions).not.toMatch(/\bitems\b/);
  });

  it('asks about advantages and alternatives of a tool, not of a common noun', () => {
    const suggest = (question: string) =>
      followUpQuestions([
        { role: 'user', content: question },
        { role: 'assistant', content: 'The sources found do not answer this.' },
        INSTRUCTION,
      ]).join(' ');
    const directory = suggest('How do I find out what the current directory is?');
    expect(directory).toMatch(/about the current directory\?/);
    expect(directory).not.toMatch(/advantages|alternatives/);
    expect(suggest('What is HAProxy?')).toMatch(
      /advantages of HAProxy\?.*alternatives to HAProxy\?/,
    );
  });

  it('asks about a heading in capitals ending in -s in words that fit either number', () => {
    const questions = followUpQuestions([
      {
        role: 'system',
        content: `Suggest questions.\n${formatNumberedSources([
          {
            title: 'Redirections',
            url: 'https://b.example/redirections',
            content: 'Before a command is executed, its output may be redirected.',
          },
        ])}`,
      },
      { role: 'user', content: 'How do I send the output of a script to a file in bash?' },
      {
        role: 'assistant',
        content: 'Output can be redirected to a file, as Redirections says [1].',
      },
      INSTRUCTION,
    ]);
    expect(questions).toContain('Can you tell me more about Redirections?');
    expect(questions.join(' ')).not.toMatch(
      /What (?:is|are) Redirections|Redirections (?:matter|relate)/,
    );
  });

  it('names a singular common noun with an article, and a name or identifier without one', () => {
    const suggest = (question: string, answer: string) =>
      followUpQuestions([
        { role: 'user', content: question },
        { role: 'assistant', content: answer },
        INSTRUCTION,
      ]);
    const fix = suggest(
      'How do I bring a single fix from the maintenance branch over to main?',
      'The sources found do not answer this in a quotable sentence.',
    );
    expect(fix.join(' ')).toMatch(/\bthe single fix\?/);
    expect(fix.join(' ')).not.toMatch(/\b(?:of|with|to) single fix\b/);
    const descriptor = suggest(
      'Where does the output of a script go in bash?',
      'Each file descriptor of the shell can be redirected [1]. A file descriptor is a number [2].',
    );
    expect(descriptor).toContain('What is the file descriptor?');
    expect(descriptor.join(' ')).not.toMatch(/the bash\b/);
    const pragma = suggest(
      'How do I see how many rows a statement changed in SQLite?',
      'The count_changes pragma reports rows changed [1]. Views ignore count_changes [2].',
    );
    expect(pragma).toContain('What is count_changes?');
    expect(pragma.join(' ')).not.toMatch(/the count_changes|the SQLite\b/);
  });
});
