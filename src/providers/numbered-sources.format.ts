/**
 * The one text format in which the search pipeline hands numbered sources to a chat model.
 * Remote models read it as plain text; the built-in extractive model parses it back, so the
 * numbering it cites is exactly the numbering the pipeline returns.
 */
export interface NumberedSource {
  readonly title: string;
  readonly url: string;
  readonly content: string;
}

const OPEN = '<sources>';
const CLOSE = '</sources>';
const HEADER = /^\[(\d+)\] (.*)$/;

export function formatNumberedSources(sources: readonly NumberedSource[]): string {
  const blocks = sources.map(
    (source, index) =>
      `[${index + 1}] ${oneLine(source.title)}\nURL: ${oneLine(source.url)}\n${source.content.trim()}`,
  );
  return `${OPEN}\n${blocks.join('\n\n')}\n${CLOSE}`;
}

/** Sources in the first <sources> block of the text, by their number (index 0 is [1]); [] when none. */
export function parseNumberedSources(text: string): NumberedSource[] {
  const start = text.indexOf(OPEN);
  const end = text.indexOf(CLOSE, start);
  if (start === -1 || end === -1) return [];
  const sources: NumberedSource[] = [];
  let current: { title: string; url: string; lines: string[] } | undefined;
  for (const line of text.slice(start + OPEN.length, end).split('\n')) {
    const header = HEADER.exec(line);
    if (header && Number(header[1]) === sources.length + (current ? 2 : 1)) {
      if (current) sources.push(finish(current));
      current = { title: header[2], url: '', lines: [] };
    } else if (current && !current.url && current.lines.length === 0 && line.startsWith('URL: ')) {
      current.url = line.slice(5);
    } else if (current) {
      current.lines.push(line);
    }
  }
  if (current) sources.push(finish(current));
  return sources;
}

function finish(block: { title: string; url: string; lines: string[] }): NumberedSource {
  return { title: block.title, url: block.url, content: block.lines.join('\n').trim() };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
