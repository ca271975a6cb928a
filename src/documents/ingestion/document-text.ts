import { basename, extname } from 'node:path';
import { extractReadable, markdownPassages } from '../../search';
import { extractInWorker, UnreadableFileError, type WorkerLimits } from './binary-text.extractor';
import { fileKindOf } from './file-types';

/** Text under one chain of headings. */
export interface DocumentSection {
  readonly path: readonly string[];
  readonly text: string;
  /** Markdown's code blocks: searched, but never quoted as prose. */
  readonly code?: string;
}

export interface DocumentText {
  readonly title: string;
  readonly sections: DocumentSection[];
}

/**
 * The readable text of a file, by its kind: Markdown by sections (the local index's reader),
 * HTML by Readability (the page reader's path), PDF and DOCX in a bounded worker, JSON as
 * "path: value" lines, anything else as plain text.
 */
export async function documentText(
  filename: string,
  content: Buffer,
  limits: WorkerLimits,
): Promise<DocumentText> {
  const kind = fileKindOf(filename);
  const fallbackTitle = basename(filename, extname(filename));
  if (kind === 'pdf' || kind === 'docx') {
    if (
      !content
        .subarray(0, 4)
        .equals(Buffer.from(kind === 'pdf' ? '%PDF' : 'PK\u0003\u0004', 'latin1'))
    ) {
      throw new UnreadableFileError(
        `the file is not a ${kind.toUpperCase()} (its first bytes do not match)`,
      );
    }
    const text = withoutNul(await extractInWorker(kind, content, limits));
    return kind === 'pdf'
      ? { title: fallbackTitle, sections: paragraphsSection(text) }
      : htmlText(text, fallbackTitle);
  }
  const raw = decodedText(content).slice(0, limits.maxChars);
  if (kind === 'markdown') {
    const { title, sections } = markdownPassages(raw);
    return {
      title: title || fallbackTitle,
      sections: sections.map(({ path, text, code }) => ({ path, text, code })),
    };
  }
  if (kind === 'html') return htmlText(raw, fallbackTitle);
  if (kind === 'json') return { title: fallbackTitle, sections: paragraphsSection(jsonText(raw)) };
  return { title: fallbackTitle, sections: paragraphsSection(raw) };
}

/**
 * A text file's characters: UTF-16 when its byte order mark says so (Windows' "Unicode" text),
 * else UTF-8. NUL characters are dropped: they carry no text, and PostgreSQL's text refuses them.
 */
function decodedText(content: Buffer): string {
  const utf16 =
    content[0] === 0xff && content[1] === 0xfe
      ? 'utf-16le'
      : content[0] === 0xfe && content[1] === 0xff
        ? 'utf-16be'
        : undefined;
  // TextDecoder drops a byte order mark (UTF-8's too), which Buffer.toString keeps as U+FEFF.
  return withoutNul(new TextDecoder(utf16 ?? 'utf-8').decode(content));
}

function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

function htmlText(html: string, fallbackTitle: string): DocumentText {
  const page = extractReadable('about:blank', html);
  return {
    title: page.title || fallbackTitle,
    sections: page.sections.map((section) => ({
      path: section.heading ? [section.heading] : [],
      text: section.text,
    })),
  };
}

function paragraphsSection(text: string): DocumentSection[] {
  return text.trim() ? [{ path: [], text }] : [];
}

/**
 * "a.b[0].c: value" per leaf, walked with an explicit stack: a deeply nested document cannot
 * overflow the call stack (JSON.parse itself is iterative in V8).
 */
export function jsonText(raw: string): string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new UnreadableFileError(`invalid JSON: ${(error as Error).message}`);
  }
  const lines: string[] = [];
  const stack: Array<{ path: string; value: unknown }> = [{ path: '', value }];
  while (stack.length > 0) {
    const { path, value: node } = stack.pop()!;
    if (node !== null && typeof node === 'object') {
      const entries = Array.isArray(node)
        ? node.map((item, index) => [`${path}[${index}]`, item] as const)
        : Object.entries(node).map(([key, item]) => [path ? `${path}.${key}` : key, item] as const);
      for (let index = entries.length - 1; index >= 0; index--) {
        stack.push({ path: entries[index][0], value: entries[index][1] });
      }
    } else if (node !== null && node !== '') {
      lines.push(path ? `${path}: ${String(node)}` : String(node));
    }
  }
  return lines.join('\n');
}
