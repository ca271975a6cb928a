import { formatNumberedSources, parseNumberedSources } from './numbered-sources.format';

describe('numbered sources format', () => {
  const sources = [
    {
      title: 'First\npage',
      url: 'https://a.example/1',
      content: 'Alpha text.\n\nSecond paragraph.',
    },
    { title: 'Second', url: 'file:///docs/b.md', content: 'Beta text [2] mentions a bracket.' },
  ];

  it('round-trips titles, urls and content, numbered from 1', () => {
    const text = `Instructions first.\n${formatNumberedSources(sources)}\nQuestion after.`;
    expect(text).toContain('[1] First page');
    expect(text).toContain('[2] Second');
    expect(parseNumberedSources(text)).toEqual([
      {
        title: 'First page',
        url: 'https://a.example/1',
        content: 'Alpha text.\n\nSecond paragraph.',
      },
      { title: 'Second', url: 'file:///docs/b.md', content: 'Beta text [2] mentions a bracket.' },
    ]);
  });

  it('finds nothing where there is no sources block', () => {
    expect(parseNumberedSources('just a question')).toEqual([]);
    expect(parseNumberedSources(formatNumberedSources([]))).toEqual([]);
  });
});
