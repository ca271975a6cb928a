import { isProse } from './prose-sentence';
import { sentencesOf } from './sentences';

describe('sentencesOf', () => {
  it('splits sentences without breaking at abbreviations or decimals', () => {
    expect(
      sentencesOf('Use a cache, e.g. Redis here. It is 3.5 times faster [2]. Done now.'),
    ).toEqual(['Use a cache, e.g. Redis here.', 'It is 3.5 times faster.', 'Done now.']);
  });

  it('does not break where a mark has no space after it (a range, a version)', () => {
    expect(
      sentencesOf(
        'Show only the commits in D..M that descend from D. Then build v1.2.Final of it.',
      ),
    ).toEqual([
      'Show only the commits in D..M that descend from D.',
      'Then build v1.2.Final of it.',
    ]);
    expect(sentencesOf('第一句。第二句。')).toEqual(['第一句。', '第二句。']);
  });

  it('makes list items, headings and table rows units of their own, without markup', () => {
    expect(
      sentencesOf(
        '## Setup\nIntro line\ncontinues here.\n- **First** item with a [link](https://x.example)\n2. Second `item`\n| a | b |',
      ),
    ).toEqual([
      'Setup',
      'Intro line continues here.',
      'First item with a link',
      'Second item',
      '| a | b |',
    ]);
  });
});

describe('sentencesOf, whole sentences only', () => {
  it('leaves out the piece an excerpt starts inside of and the piece it stops inside of', () => {
    expect(
      sentencesOf(
        'ted by the proxy. The proxy forwards the headers. It sets them for the proxy, wh',
      ),
    ).toEqual(['The proxy forwards the headers.']);
  });

  it('keeps whole paragraphs inside a text, whatever their first letter', () => {
    expect(
      sentencesOf('The first paragraph.\n\nwithout sources, focusMode maps to webSearch.'),
    ).toEqual(['The first paragraph.', 'without sources, focusMode maps to webSearch.']);
  });

  it('leaves out a paragraph piece that goes on from a cut sentence', () => {
    expect(
      sentencesOf(
        'Install the server first.\n\ncan edit the configuration of it. It lives in /etc.',
      ),
    ).toEqual(['Install the server first.', 'It lives in /etc.']);
  });

  it('starts a sentence at a code identifier', () => {
    expect(sentencesOf('reply.send() sends the payload. It ends the reply.')).toEqual([
      'reply.send() sends the payload.',
      'It ends the reply.',
    ]);
  });

  it('leaves out markup debris and pieces with an unclosed bracket', () => {
    expect(
      sentencesOf(
        'Intro. ") ] Description VACUUM reclaims storage occupied by dead tuples. VACUUM (FULL) rewrites the table. The end (see below.',
      ),
    ).toEqual(['Intro.', 'VACUUM (FULL) rewrites the table.']);
  });

  it('takes off the heading a flattened page glued to the start of a sentence', () => {
    expect(
      sentencesOf(
        'Automatic Checkpoint By default, SQLite checkpoints at 1000 pages. ' +
          'Storage Classes and Datatypes Each value has one storage class.\n\n' +
          'fastimport.unpackLimit If the number of objects is below this limit, they are unpacked.',
      ),
    ).toEqual([
      'By default, SQLite checkpoints at 1000 pages.',
      'Each value has one storage class.',
      'If the number of objects is below this limit, they are unpacked.',
    ]);
  });

  it('takes off title-case, sentence-case and capitals headings, however they start', () => {
    expect(
      sentencesOf(
        'The Widget File The complete state of a widget is kept in one file. ' +
          'Widget names Widgets can be named by their serial number. ' +
          'Changing the look You can change the colours in the settings. ' +
          'DESCRIPTION Frobnicate reads the input file and writes it back. ' +
          '\n\nfrob(1) Manual Page NAME frob - Frobnicate files SYNOPSIS frob [--all] DESCRIPTION Frob rewrites the files it is given.\n\n' +
          'Neue Funktionen Die neue Version lädt schneller. ' +
          'Installation du serveur Le serveur démarre tout seul. ' +
          'Instalación del servidor El servidor arranca solo.',
      ),
    ).toEqual([
      'The complete state of a widget is kept in one file.',
      'Widgets can be named by their serial number.',
      'You can change the colours in the settings.',
      'Frobnicate reads the input file and writes it back.',
      'Frob rewrites the files it is given.',
      'Die neue Version lädt schneller.',
      'Le serveur démarre tout seul.',
      'El servidor arranca solo.',
    ]);
  });

  it('takes off a numbered heading, and leaves out a numbered heading with no sentence after it', () => {
    expect(
      sentencesOf(
        '3.2 The Cache Layer Zorblax has always cached pages. ' +
          '(14) Saving is really slow - I can only save twice a minute Actually, the editor saves thousands of files a minute. ' +
          '(15) My export does not keep the colours I chose. ' +
          '(16) How do I list all widgets in a project If you use the command line, type "list".',
      ),
    ).toEqual([
      'Zorblax has always cached pages.',
      'Actually, the editor saves thousands of files a minute.',
      'If you use the command line, type "list".',
    ]);
  });

  it('ends a heading at a permalink glyph', () => {
    expect(
      sentencesOf(
        'Installing the tool¶ Unpack the archive into any folder.\n\n' +
          'Running several sites on one address. ¶ Each site has a name.\n\n' +
          'Options§ Each option has a default.\n\nSee § 4 of the licence. Getting started # Run the tool once.',
      ),
    ).toEqual([
      'Unpack the archive into any folder.',
      'Each site has a name.',
      'Each option has a default.',
      'See § 4 of the licence.',
      'Run the tool once.',
    ]);
  });

  it("takes off the source's title where a text starts with it", () => {
    expect(
      sentencesOf('Bundle files Zorblax bundles store packs and refs.', { title: 'Bundle files' }),
    ).toEqual(['Zorblax bundles store packs and refs.']);
    expect(sentencesOf('Zorblax is a packing tool.', { title: 'Zorblax' })).toEqual([
      'Zorblax is a packing tool.',
    ]);
    const question = '(12) I deleted data but the file did not shrink. Is this a bug?';
    expect(
      sentencesOf(`${question} It is not. Deleting leaves free pages.`, { title: question }),
    ).toEqual(['It is not.', 'Deleting leaves free pages.']);
  });

  it("leaves out the next section's number after a sentence", () => {
    const sentences = sentencesOf('Write it as: f(a, b); 2.1. Stored columns hold values.');
    expect(sentences.some((sentence) => /2\.1\.?$/.test(sentence))).toBe(false);
    expect(sentences.filter(isProse)).toEqual(['Stored columns hold values.']);
  });

  it('keeps capitalised words that are part of a sentence', () => {
    const prose = [
      'Set KeepAlive to On when clients reuse their connections.',
      'Fetch the revisions from the Subversion remote we track.',
      'A single Zorblax repository can track many branches.',
      'However this does not rewrite commit A, because it is the root.',
      'Now I am on the release branch.',
      'Server Side Includes are implemented by a filter.',
      '3.5 times faster than the old release.',
    ];
    expect(sentencesOf(prose.join(' '))).toEqual(prose);
  });

  it('keeps titles and names inside a sentence', () => {
    expect(
      sentencesOf('The Lord Of The Rings is a book. Gustave Eiffel designed it in Paris.'),
    ).toEqual(['The Lord Of The Rings is a book.', 'Gustave Eiffel designed it in Paris.']);
  });

  it('leaves out a piece whose quotation opens or closes outside it', () => {
    expect(
      sentencesOf('It took %D microseconds to serve this request." The header is added.'),
    ).toEqual(['The header is added.']);
  });

  it('keeps a quotation that opens a sentence', () => {
    expect(sentencesOf('"Readers never block writers" is the rule. It holds.')).toEqual([
      '"Readers never block writers" is the rule.',
      'It holds.',
    ]);
  });
});

describe('isProse', () => {
  it.each([
    'Results are cached under a SHA-256 of the query for ten minutes.',
    'Signing uses sha256=<lowercase hex HMAC-SHA256 of the body>, as GitHub does.',
    'The cache (10 minutes; 0 turns it off) lives in Redis when it is configured.',
    'Die Datenbank speichert jede Tabelle und jeden Index in einem eigenen Baum der Datei.',
    'GitHub, GitLab and Bitbucket all accept SSH keys of the Ed25519 type.',
    'The plan costs $5 a month, and $ 20 buys a year of it.',
    'Merges are fast -- and a --no-ff merge --- the kind git writes --- keeps the branch.',
    'suexec is used by the Apache HTTP Server to switch to another user before running CGI.',
    'without sources, focusMode maps to sources: webSearch, youtubeSearch and others.',
    'nothing is written to the log until the buffer fills up.',
    'string values are compared with the collation of the column.',
    'during recovery the journal is played back into the database file.',
  ])('keeps prose: %s', (sentence) => expect(isProse(sentence)).toBe(true));

  it.each([
    '| `SEARCH_MAX_QUERY_CHARS` | `4000` | longest query accepted |',
    "const stream = await client.chat.completions.create({ model: 'x' });",
    'items.map((item) => item.id) gives the ids of the items',
    "curl -s localhost:3000/api/search -H 'content-type: application/json'",
    'How are meta-search results cached?',
    'Webhook actions and their parameters (only url is required):',
    'Too short here.',
    'Reasoning blocks (<think>...</think>) are removed from answers before streaming.',
    'ID 4411 0923 8812 7731 9920 1234 5678 9012 3456',
    'directs both standard output and standard error to the file dirlist, while the command',
    'To find out more about the options the configure script understands, type',
    'Home Menu About Documentation Download License Support Purchase Search Changelog 1.',
    'Undo a commit, making it a topic branch $ git branch topic/wip <1> $ git reset --hard ' +
      'HEAD~3 <2> You have made some commits, but realize they were premature to be in master.',
    'Contact 3: bedead < -: ------- TO-UNDO In this example, there are 3 old and 3 new commits.',
  ])('rejects non-prose: %s', (sentence) => expect(isProse(sentence)).toBe(false));
});
