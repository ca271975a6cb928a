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
