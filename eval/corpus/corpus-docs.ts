import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The evaluation corpus: the Markdown documentation that ships inside three npm packages the
 * project already installs (fastify, pino, undici), so `npm ci` is all it takes to rebuild it
 * offline. Versions are pinned by package-lock.json, so the corpus is the same on every clone.
 */
const PACKAGE_DOCS: ReadonlyArray<{ readonly name: string; readonly docsDir: string }> = [
  { name: 'fastify', docsDir: 'docs' },
  { name: 'pino', docsDir: 'docs' },
  { name: 'undici', docsDir: 'docs/docs' },
];

export interface CorpusDoc {
  /** Path inside the corpus without extension: "fastify/Reference/Hooks". */
  readonly id: string;
  readonly path: string;
  readonly markdown: string;
}

/** Copies every package's docs into outDir/<package>/... and returns the documents. */
export async function buildCorpus(projectRoot: string, outDir: string): Promise<CorpusDoc[]> {
  const docs: CorpusDoc[] = [];
  for (const pkg of PACKAGE_DOCS) {
    const from = join(projectRoot, 'node_modules', pkg.name, pkg.docsDir);
    for (const file of await markdownFiles(from)) {
      const rel = relative(from, file).split(sep).join('/');
      const target = join(outDir, pkg.name, rel);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(file, target);
      docs.push({
        id: `${pkg.name}/${rel.replace(/\.md$/, '')}`,
        path: target,
        markdown: await readFile(file, 'utf8'),
      });
    }
  }
  return docs.sort((a, b) => a.id.localeCompare(b.id));
}

async function markdownFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await markdownFiles(path)));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

/** The corpus document a result URL points at: the path after the base, without extension or anchor. */
export function docIdOf(url: string, baseUrl: string): string | undefined {
  if (!url.startsWith(baseUrl)) return undefined;
  const path = decodeURIComponent(url.slice(baseUrl.length).replace(/[#?].*$/, ''));
  return path.replace(/^\/+/, '').replace(/\.(md|html)$/, '');
}
