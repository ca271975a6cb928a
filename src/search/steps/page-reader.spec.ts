import { htmlSections } from '../text/html-sections';
import { extractReadable } from './page-reader.step';

/** A manual page the size of SQLite's requirements.html: one body with ~30,000 elements. */
function largeManualPage(paragraphs: number): string {
  const body = Array.from(
    { length: paragraphs },
    (_, i) => `<p>Requirement ${i}: the library <b>shall</b> do thing ${i}.</p>`,
  ).join('');
  return `<!doctype html><html><head><title>Requirements</title></head><body><h1>Requirements</h1>${body}</body></html>`;
}

describe('reading large pages', () => {
  const html = largeManualPage(15_000);

  it('splits a page of 30,000 elements at its headings', () => {
    const { title, sections } = htmlSections(html);
    expect(title).toBe('Requirements');
    expect(sections).toHaveLength(1);
    expect(sections[0].heading).toBe('Requirements');
    expect(sections[0].text).toContain('Requirement 14999: the library shall do thing 14999.');
  });

  it('reads such a page whole instead of running Readability over it', () => {
    const page = extractReadable('https://example.com/requirements.html', html);
    expect(page.title).toBe('Requirements');
    // Readability's article would have dropped the h1 and left one untitled section.
    expect(page.sections[0].heading).toBe('Requirements');
    expect(page.sections.map((section) => section.text).join('\n')).toContain(
      'Requirement 7500: the library shall do thing 7500.',
    );
  });
});

describe('reading documentation pages', () => {
  // How Sphinx and the Apache manual mark permalinks: a glyph linking to the element's own anchor.
  const manual = `<!doctype html><html><head><title>Coroutines</title></head><body><main>
    <h1>Coroutines and tasks<a class="headerlink" href="#coroutines" title="Link to this heading">¶</a></h1>
    <section id="running"><h2>Running tasks concurrently<a class="headerlink" href="#running">¶</a></h2>
    <dl><dt>gather(*aws)<a class="headerlink" href="#gather">¶</a></dt>
    <dd><p>Run awaitable objects in the aws sequence concurrently. If all awaitables are completed
    successfully, the result is an aggregate list of returned values. See
    <a href="#timeouts">timeouts</a> for the deadline of a task.</p>
    <p>The order of result values corresponds to the order of awaitables in the sequence, whatever
    the order in which they finished; a cancelled awaitable raises the error it was cancelled with.</p></dd></dl>
    </section></main></body></html>`;

  it('leaves the permalink glyphs out of headings and text, and keeps links that are words', () => {
    const page = extractReadable('https://docs.example/asyncio-task.html', manual);
    const all = page.sections.map((section) => `${section.heading}\n${section.text}`).join('\n');
    expect(all).not.toContain('¶');
    expect(page.sections.map((section) => section.heading)).toContain('Running tasks concurrently');
    expect(all).toContain('timeouts for the deadline of a task.');
    expect(htmlSections(manual).sections.map((section) => section.heading)).toEqual([
      'Running tasks concurrently',
    ]);
  });
});
