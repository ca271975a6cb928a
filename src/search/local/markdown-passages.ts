import MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];

/** The prose under one heading; path is the chain of headings above it, outermost first. */
export interface MarkdownSection {
  readonly path: readonly string[];
  /** Paragraphs, list items and table rows as readable sentences, separated by blank lines. */
  readonly text: string;
  /** Code blocks of the section: searchable, but never given to a model as prose. */
  readonly code: string;
}

export interface MarkdownPassages {
  /** The first level-1 heading, '' when there is none. */
  readonly title: string;
  readonly sections: MarkdownSection[];
}

// html: true so raw HTML blocks become tokens of their own, which are dropped.
const parser = new MarkdownIt({ html: true, linkify: false, typographer: false });
const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n/;
/** Table columns whose cells describe the row rather than name a property of it. */
const DESCRIPTIVE_HEADERS = /^(meaning|notes?|description|what it does|role|when|answer|purpose)$/i;

/**
 * Reads Markdown the way a reader does: sections by heading, paragraphs and list items as
 * sentences with their markup removed (links become their text, emphasis and backticks go), table
 * rows rendered as "first cell: column value; description." sentences, and code blocks kept apart
 * from the prose so that an extractive answer never quotes them.
 */
export function markdownPassages(markdown: string): MarkdownPassages {
  const tokens = parser.parse(markdown.replace(FRONT_MATTER, ''), {});
  const sections: MarkdownSection[] = [];
  const headings: string[] = [];
  let title = '';
  let blocks: string[] = [];
  let code: string[] = [];
  let listDepth = 0;
  const flush = () => {
    if (blocks.length > 0 || code.length > 0) {
      sections.push({ path: [...headings], text: blocks.join('\n\n'), code: code.join('\n') });
    }
    blocks = [];
    code = [];
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    switch (token.type) {
      case 'heading_open': {
        flush();
        const level = Number(token.tag.slice(1));
        const text = plainText(tokens[i + 1]);
        if (!title && level === 1) title = text;
        headings.length = Math.min(headings.length, level - 1);
        while (headings.length < level - 1) headings.push('');
        headings.push(text);
        i += 2; // inline, heading_close
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        listDepth++;
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        listDepth--;
        break;
      case 'inline': {
        if (tokens[i - 1]?.type !== 'paragraph_open') break;
        const text = plainText(token);
        if (text) blocks.push(listDepth > 0 ? asSentence(text) : text);
        break;
      }
      case 'fence':
      case 'code_block':
        code.push(token.content);
        break;
      case 'table_open': {
        const end = tokens.findIndex((t, at) => at > i && t.type === 'table_close');
        const close = end === -1 ? tokens.length : end;
        blocks.push(...tableSentences(tokens.slice(i, close)));
        i = close;
        break;
      }
      default:
        break;
    }
  }
  flush();
  return {
    title,
    sections: sections.map((s) => ({ ...s, path: s.path.filter(Boolean) })),
  };
}

/** The readable text of an inline token: text and inline code as words, markup and images dropped. */
function plainText(inline: Token | undefined): string {
  if (!inline) return '';
  let text = '';
  for (const child of inline.children ?? []) {
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** A list item reads as a sentence of its own: it ends with a full stop unless it already ends. */
function asSentence(text: string): string {
  const trimmed = text.replace(/[\s;,:]+$/u, '');
  return /[.!?…]["'»”)\]]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Each body row as one sentence: "PORT: default 3000; port to listen on." */
function tableSentences(tokens: readonly Token[]): string[] {
  const rows: string[][] = [];
  let row: string[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'tr_open') row = [];
    else if (token.type === 'tr_close' && row) {
      rows.push(row);
      row = undefined;
    } else if ((token.type === 'th_open' || token.type === 'td_open') && row) {
      row.push(plainText(tokens[i + 1]));
    }
  }
  const [header, ...body] = rows;
  if (!header) return [];
  return body
    .map((cells) => {
      const [subject, ...rest] = cells;
      const facts = rest
        .map((cell, index) => {
          const name = header[index + 1] ?? '';
          if (!cell) return '';
          return !name || DESCRIPTIVE_HEADERS.test(name) ? cell : `${name.toLowerCase()} ${cell}`;
        })
        .filter(Boolean);
      // A bare number ("200") needs its column name ("HTTP status 200") to mean anything.
      const named = /\p{L}/u.test(subject ?? '') ? subject : `${header[0]} ${subject ?? ''}`.trim();
      return facts.length > 0 ? asSentence(`${named}: ${facts.join('; ')}`) : '';
    })
    .filter(Boolean);
}
