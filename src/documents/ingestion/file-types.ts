import { extname } from 'node:path';

export type FileKind = 'markdown' | 'html' | 'text' | 'json' | 'pdf' | 'docx';

const BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.txt': 'text',
  '.text': 'text',
  '.json': 'json',
  '.pdf': 'pdf',
  '.docx': 'docx',
};

/** The extensions accepted, as a 400 lists them. */
export const SUPPORTED_EXTENSIONS = Object.keys(BY_EXTENSION);

/** The kind of a file by its name; undefined for a type ingestion cannot read. */
export function fileKindOf(filename: string): FileKind | undefined {
  return BY_EXTENSION[extname(filename).toLowerCase()];
}
