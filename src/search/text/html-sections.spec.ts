import { htmlSections } from './html-sections';

describe('htmlSections', () => {
  const textOf = (html: string) => htmlSections(html).sections.map((section) => section.text);

  it('reads the text of HTML with no <body>: a fragment, or a head and what follows', () => {
    expect(textOf('<p>The picnic moves to Lake Umbra.</p>')).toEqual([
      'The picnic moves to Lake Umbra.',
    ]);
    expect(htmlSections('<html><head><title>Memo</title></head><p>It moves.</p></html>')).toEqual({
      title: 'Memo',
      sections: [{ heading: '', text: 'It moves.' }],
    });
  });

  it('is not misled by "<body>" in a comment or a script', () => {
    expect(textOf('<!-- <body> --><p>After a comment.</p>')).toEqual(['After a comment.']);
    expect(textOf('<script>s = "<body>"</script><p>After a script.</p>')).toEqual([
      'After a script.',
    ]);
  });

  it('reads a whole document as it is, and markup that makes no element as no text', () => {
    expect(
      htmlSections(
        '<!doctype html><html><head><title>T</title></head><body><p>Body.</p></body></html>',
      ),
    ).toEqual({ title: 'T', sections: [{ heading: '', text: 'Body.' }] });
    expect(htmlSections('<head '.repeat(1000))).toEqual({ title: '', sections: [] });
  });
});
