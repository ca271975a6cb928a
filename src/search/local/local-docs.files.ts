import { lstat, readdir, realpath } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export const INDEXED_EXTENSIONS = new Set(['.md', '.markdown', '.html', '.htm', '.txt']);

export interface LocalDocFile {
  readonly absolutePath: string;
  /** Path relative to the root with forward slashes, used for URLs. */
  readonly relativePath: string;
  readonly size: number;
}

/**
 * Lists indexable files under root. Every path is resolved with realpath and must stay inside root,
 * so a symlink (or a crafted name) pointing elsewhere is skipped; hidden folders and node_modules too.
 */
export async function listLocalDocFiles(root: string, maxFiles: number): Promise<LocalDocFile[]> {
  const realRoot = await realpath(root);
  const files: LocalDocFile[] = [];
  const pending = [realRoot];
  while (pending.length > 0 && files.length < maxFiles) {
    const dir = pending.pop()!;
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      const resolved = await realpath(path).catch(() => undefined);
      if (!resolved || !isInside(realRoot, resolved)) continue;
      const stats = await lstat(resolved);
      if (stats.isDirectory()) {
        if (resolved !== dir) pending.push(resolved);
      } else if (stats.isFile() && INDEXED_EXTENSIONS.has(extname(resolved).toLowerCase())) {
        files.push({
          absolutePath: resolved,
          relativePath: relative(realRoot, resolved).split(sep).join('/'),
          size: stats.size,
        });
        if (files.length >= maxFiles) break;
      }
    }
  }
  return files.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
}

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel);
}

/** The URL a local file is cited at: under LOCAL_DOCS_BASE_URL when set, else its file:// URL. */
export function localDocUrl(file: LocalDocFile, baseUrl: string | undefined): string {
  if (!baseUrl) return pathToFileURL(file.absolutePath).href;
  const encoded = file.relativePath.split('/').map(encodeURIComponent).join('/');
  return new URL(encoded, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}
