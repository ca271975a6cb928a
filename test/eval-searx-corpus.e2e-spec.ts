import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CorpusEnginesServer } from '../eval/corpus/corpus-engines.server';
import { debianDocIdOf, type DebianCorpus } from '../eval/corpus/debian-corpus';
import { splitHtml } from '../eval/corpus/html-sections';
import { SearxProcess } from '../eval/corpus/searx.process';
import { splitHalves } from '../eval/debian/question-split';
import { QUESTIONS } from '../eval/debian/questions';

/**
 * The pieces of `npm run eval` (docs/grounding.md) that decide what is measured: FAQ pages split
 * into entries at their anchors, result URLs mapped back to entries, the fixed dev/test split,
 * and (when Debian's searx is installed) a real searx keeping FAQ entries of one page apart.
 */
const FAQ = `<html><head><title>FAQ</title></head><body><h1>Frequently asked</h1>
<p>Contents: <a href="#q1">one</a> <a href="#q2">two</a></p>
<a name="q1"></a><p><b>(1) How do I rotate the widgets?</b></p><blockquote><p>Turn the crank clockwise.</p></blockquote>
<a name="q2"></a><p><b>(2) Why is the gadget blue?</b></p><blockquote><p>Cobalt paint was cheaper.</p></blockquote>
</body></html>`;

describe('eval: the Debian corpus behind searx', () => {
  it('splits an FAQ page into one entry per anchor, each with its own title and text', () => {
    const entries = splitHtml(FAQ, /<a name="(q\d+)">/);
    expect(entries.map((e) => [e.fragment, e.title])).toEqual([
      ['q1', '(1) How do I rotate the widgets?'],
      ['q2', '(2) Why is the gadget blue?'],
    ]);
    expect(entries[0].text).toContain('crank');
    expect(entries[0].text).not.toContain('Cobalt');
  });

  it('finds the anchor inside an entry when the boundary carries none', () => {
    const html =
      '<dt class="hdlist1">Question A?</dt><dd><div class="paragraph" id="answer-a"><p>Alpha.</p></div></dd>' +
      '<dt class="hdlist1">Question B?</dt><dd><div class="paragraph" id="answer-b"><p>Beta.</p></div></dd>';
    const entries = splitHtml(html, /<dt class="hdlist1">/);
    expect(entries.map((e) => [e.fragment, e.title])).toEqual([
      ['answer-a', 'Question A?'],
      ['answer-b', 'Question B?'],
    ]);
  });

  it('maps a result URL to its FAQ entry, and a local section anchor to its file', () => {
    const ids = new Set(['sqlite/faq#q19', 'sqlite/faq', 'bash/Arrays']);
    const base = 'http://127.0.0.1:1';
    expect(debianDocIdOf(`${base}/sqlite/faq.html#q19`, base, ids)).toBe('sqlite/faq#q19');
    expect(debianDocIdOf(`${base}/sqlite/faq.html#q7`, base, ids)).toBe('sqlite/faq');
    expect(debianDocIdOf(`${base}/local/bash/Arrays.html#arrays`, base, ids)).toBe('bash/Arrays');
    expect(debianDocIdOf('http://elsewhere.example/sqlite/faq.html', base, ids)).toBeUndefined();
  });

  it('splits the questions once: the same halves on every run, even within each source kind', () => {
    const halves = splitHalves(QUESTIONS);
    expect(splitHalves(QUESTIONS)).toEqual(halves);
    expect(halves.size).toBe(QUESTIONS.length);
    for (const kind of ['web', 'academic', 'discussions', 'local']) {
      const ids = QUESTIONS.filter((q) => q.kind === kind).map((q) => q.id);
      const dev = ids.filter((id) => halves.get(id) === 'dev').length;
      expect(dev - (ids.length - dev)).toBeGreaterThanOrEqual(0);
      expect(dev - (ids.length - dev)).toBeLessThanOrEqual(1);
    }
  });

  const searxInstalled = existsSync('/usr/lib/python3/dist-packages/searx/webapp.py');
  (searxInstalled ? it : it.skip)(
    'a real searx returns the entries of one FAQ page as separate results, each with its text',
    async () => {
      const entries = splitHtml(FAQ, /<a name="(q\d+)">/);
      const corpus: DebianCorpus = {
        docs: entries.map((e) => ({
          id: `demo/faq#${e.fragment}`,
          kind: 'discussions' as const,
          pagePath: '/demo/faq.html',
          fragment: e.fragment,
          title: e.title,
          headings: e.headings,
          text: e.text,
        })),
        pages: new Map([['/demo/faq.html', FAQ]]),
      };
      const dir = await mkdtemp(join(tmpdir(), 'eval-searx-'));
      const engines = await CorpusEnginesServer.start(corpus);
      const searx = await SearxProcess.start(engines.url, dir).catch(async (error: unknown) => {
        await engines.close();
        throw error;
      });
      try {
        const results = (await searx.search('widgets gadget crank cobalt', {
          engines: 'reddit',
        })) as Array<{ url: string; content: string }>;
        const byUrl = new Map(results.map((r) => [r.url, r.content]));
        expect(byUrl.get(`${engines.url}/demo/faq.html#q1`)).toContain('crank');
        expect(byUrl.get(`${engines.url}/demo/faq.html#q2`)).toContain('Cobalt');
      } finally {
        await searx.stop();
        await engines.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
