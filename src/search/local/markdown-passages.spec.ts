import { markdownPassages } from './markdown-passages';

const doc = `---
layout: page
---
# Search

Quarry answers from **sources** you choose, see [the guide](https://example.com/guide).

## Backends and cache

- **Cache**: results are cached for \`SEARCH_CACHE_TTL_MS\`;
- When Redis is down the cache falls back to memory

\`\`\`js
const cache = new Map(); // never shown as prose
\`\`\`

| Variable | Default | Meaning |
| -------- | ------- | ------- |
| \`PORT\` | \`3000\` | port to listen on |

| HTTP status | When |
| --- | --- |
| 502 | every attempt failed |

### Redis

<div class="note">raw HTML is dropped</div>

Shared between replicas.
`;

describe('markdownPassages', () => {
  const { title, sections } = markdownPassages(doc);

  it('takes the first H1 as the title and the heading chain as each section path', () => {
    expect(title).toBe('Search');
    expect(sections.map((s) => s.path)).toEqual([
      ['Search'],
      ['Search', 'Backends and cache'],
      ['Search', 'Backends and cache', 'Redis'],
    ]);
  });

  it('keeps paragraphs and list items as sentences without Markdown markup', () => {
    expect(sections[0].text).toBe('Quarry answers from sources you choose, see the guide.');
    const blocks = sections[1].text.split('\n\n');
    expect(blocks.slice(0, 2)).toEqual([
      'Cache: results are cached for SEARCH_CACHE_TTL_MS.',
      'When Redis is down the cache falls back to memory.',
    ]);
    expect(sections[2].text).toBe('Shared between replicas.');
  });

  it('renders table rows as sentences and keeps code out of the prose', () => {
    const blocks = sections[1].text.split('\n\n');
    expect(blocks).toContain('PORT: default 3000; port to listen on.');
    expect(blocks).toContain('HTTP status 502: every attempt failed.');
    expect(sections[1].text).not.toMatch(/const cache|\||```/);
    expect(sections[1].code).toContain('const cache = new Map();');
    expect(sections.map((s) => s.text).join(' ')).not.toMatch(/layout|raw HTML|<div/);
  });
});
