import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readHtml, splitHtml, type HtmlSection } from './html-sections';

/**
 * The evaluation corpus: HTML documentation from Debian packages, read where apt installs it.
 * Chosen apart from the packages an unseen check uses (PostgreSQL, Python, the Debian FAQ).
 *
 *   web          git's manual pages and Apache httpd's English manual (searx category "general")
 *   academic     SQLite's technical papers and references and git's technical documents ("science")
 *   discussions  FAQ answers (SQLite FAQ, gitfaq), one entry per `#fragment`, and git's how-to
 *                mails ("social media", engine "reddit")
 *   local        the Bash reference manual and HAProxy's starter and management guides, one file
 *                per section, copied to LOCAL_DOCS_DIR
 */
export type CorpusKind = 'web' | 'academic' | 'discussions' | 'local';

export const DEBIAN_PACKAGES = [
  'searx',
  'git-doc',
  'sqlite3-doc',
  'apache2-doc',
  'bash-doc',
  'haproxy-doc',
];

const DOC = '/usr/share/doc';

export interface DebianDoc {
  /** "git/git-rebase", "sqlite/faq#q5", "bash/Shell-Parameters". */
  readonly id: string;
  readonly kind: CorpusKind;
  /** Address path of the page on the corpus server, without the fragment: "/git/git-rebase.html". */
  readonly pagePath: string;
  readonly fragment?: string;
  readonly title: string;
  readonly headings: readonly string[];
  readonly text: string;
}

export interface DebianCorpus {
  readonly docs: readonly DebianDoc[];
  /** Whole pages by address path, as the corpus server serves them. */
  readonly pages: ReadonlyMap<string, string>;
}

interface PageSource {
  readonly kind: CorpusKind;
  /** Corpus path prefix ("git", "apache"). */
  readonly prefix: string;
  readonly dir: string;
  readonly include: (relativePath: string) => boolean;
  /** Entries of one page, each with its own anchor (FAQ answers). */
  readonly entries?: RegExp;
}

const SOURCES: readonly PageSource[] = [
  {
    kind: 'web',
    prefix: 'git',
    dir: `${DOC}/git-doc`,
    include: (p) => !p.includes('/') && p !== 'gitfaq.html' && p !== 'index.html',
  },
  {
    kind: 'web',
    prefix: 'apache',
    dir: `${DOC}/apache2-doc/manual/en`,
    include: (p) =>
      !p.startsWith('faq/') && !/(^|\/)(index|sitemap|glossary|quickreference)\.html$/.test(p),
  },
  {
    kind: 'academic',
    prefix: 'sqlite',
    dir: `${DOC}/sqlite3`,
    include: (p) =>
      !p.includes('/') &&
      !/^(faq|index|docs|news|chronology|download|support|sitemap|keyword_index|toc|changes|mostdeployed|famous|copyright|prosupport|testimonials|consortium|crew|privatebranch|hp1|doclist|releaselog|doc_|capi3ref|mingw)/.test(
        p,
      ),
  },
  {
    kind: 'academic',
    prefix: 'git/technical',
    dir: `${DOC}/git-doc/technical`,
    include: (p) => !p.includes('/') && !p.startsWith('api-index'),
  },
  {
    kind: 'discussions',
    prefix: 'sqlite',
    dir: `${DOC}/sqlite3`,
    include: (p) => p === 'faq.html',
    entries: /<a name="(q\d+)">/,
  },
  {
    kind: 'discussions',
    prefix: 'git',
    dir: `${DOC}/git-doc`,
    include: (p) => p === 'gitfaq.html',
    entries: /(?:<div class="dlist" id="([^"]+)"><dl>\s*)?<dt class="hdlist1">/,
  },
  {
    kind: 'discussions',
    prefix: 'git/howto',
    dir: `${DOC}/git-doc/howto`,
    include: (p) => !p.includes('/'),
  },
];

/** Manuals split into one local file per section. */
const LOCAL_SOURCES: ReadonlyArray<{ prefix: string; file: string; sections: RegExp }> = [
  {
    prefix: 'bash',
    file: `${DOC}/bash/bashref.html`,
    sections: /<div class="(?:chapter|section|subsection|appendix|unnumbered)[^"]*" id="([^"]+)">/,
  },
  {
    prefix: 'haproxy/intro',
    file: `${DOC}/haproxy/html/intro.html`,
    sections: /<a class="anchor" id="([^"]+)" name=/,
  },
  {
    prefix: 'haproxy/management',
    file: `${DOC}/haproxy/html/management.html`,
    sections: /<a class="anchor" id="([^"]+)" name=/,
  },
];

/** The packages whose files are missing (the eval then says how to install them). */
export function missingPackages(): string[] {
  const probes: Record<string, string> = {
    searx: '/usr/lib/python3/dist-packages/searx/webapp.py',
    'git-doc': `${DOC}/git-doc/gitfaq.html`,
    'sqlite3-doc': `${DOC}/sqlite3/faq.html`,
    'apache2-doc': `${DOC}/apache2-doc/manual/en/mod/mod_rewrite.html`,
    'bash-doc': `${DOC}/bash/bashref.html`,
    'haproxy-doc': `${DOC}/haproxy/html/management.html`,
  };
  return DEBIAN_PACKAGES.filter((name) => !existsSync(probes[name]));
}

/** Reads every page; writes the local sections as files under localDir. */
export async function buildDebianCorpus(localDir: string): Promise<DebianCorpus> {
  const docs: DebianDoc[] = [];
  const pages = new Map<string, string>();
  for (const source of SOURCES) {
    for (const rel of await htmlFiles(source.dir)) {
      if (!source.include(rel)) continue;
      const html = await readFile(join(source.dir, rel), 'utf8');
      const pagePath = `/${source.prefix}/${rel}`;
      pages.set(pagePath, html);
      const pageId = `${source.prefix}/${rel.replace(/\.html$/, '')}`;
      const sections = source.entries ? splitHtml(html, source.entries) : [readHtml(html)];
      for (const section of sections) docs.push(toDoc(source.kind, pageId, pagePath, section));
    }
  }
  for (const source of LOCAL_SOURCES) {
    const html = await readFile(source.file, 'utf8');
    for (const section of splitHtml(html, source.sections)) {
      // A heading with nothing under it, a table of contents or an index of terms.
      if (section.text.length < 80 || /(^|-)(Index|Indexes|summary)$/.test(section.fragment ?? ''))
        continue;
      const rel = `${source.prefix}/${safeName(section.fragment ?? '')}.html`;
      const title = section.title || section.fragment || rel;
      const page = `<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body>${section.html}</body></html>`;
      await mkdir(dirname(join(localDir, rel)), { recursive: true });
      await writeFile(join(localDir, rel), page);
      pages.set(`/local/${rel}`, page);
      docs.push({
        ...toDoc('local', rel.replace(/\.html$/, ''), `/local/${rel}`, section),
        fragment: undefined,
      });
    }
  }
  return { docs: docs.filter((doc) => doc.text.length > 0), pages };
}

function toDoc(
  kind: CorpusKind,
  pageId: string,
  pagePath: string,
  section: HtmlSection,
): DebianDoc {
  return {
    id: section.fragment && kind !== 'local' ? `${pageId}#${section.fragment}` : pageId,
    kind,
    pagePath,
    ...(section.fragment && kind !== 'local' ? { fragment: section.fragment } : {}),
    title: section.title || basename(pagePath, '.html'),
    headings: section.headings,
    text: section.text,
  };
}

async function htmlFiles(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await htmlFiles(dir, rel)));
    else if (entry.name.endsWith('.html')) found.push(rel);
  }
  return found.sort();
}

function safeName(anchor: string): string {
  return anchor.replace(/[^A-Za-z0-9._-]/g, '_');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The corpus document a result URL points at: its page, or the entry of the page its fragment
 * names when the corpus has that entry (FAQ answers); local files' section anchors are dropped.
 */
export function debianDocIdOf(
  url: string,
  baseUrl: string,
  ids: ReadonlySet<string>,
): string | undefined {
  if (!url.startsWith(baseUrl)) return undefined;
  const [pathPart, fragment] = decodeURIComponent(url.slice(baseUrl.length)).split('#');
  const page = pathPart
    .replace(/\?.*$/, '')
    .replace(/^\/+(local\/)?/, '')
    .replace(/\.html$/, '');
  if (fragment && ids.has(`${page}#${fragment}`)) return `${page}#${fragment}`;
  return ids.has(page) ? page : undefined;
}
