import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../../scripts/support/free-port';
import { CORPUS_ENGINES } from './corpus-engines.server';

/** The Python that imports Debian's searx package (not a pyenv or venv interpreter first on PATH). */
const PYTHON = process.env.SEARX_PYTHON ?? '/usr/bin/python3';

/**
 * A real searx 1.1 (Debian's `searx` package) run as a child process, bound to 127.0.0.1 on a
 * free port, JSON output on, with only the corpus engines configured: it reaches nothing but
 * the corpus engines server.
 */
export class SearxProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(enginesUrl: string, workDir: string): Promise<SearxProcess> {
    if (!existsSync(PYTHON)) throw new Error(`${PYTHON} not found (set SEARX_PYTHON)`);
    const port = await freePort();
    await mkdir(workDir, { recursive: true });
    const settingsPath = join(workDir, 'settings.yml');
    await writeFile(settingsPath, settingsYaml(port, enginesUrl));
    const child = spawn(PYTHON, ['-m', 'searx.webapp'], {
      cwd: workDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: workDir,
        SEARX_SETTINGS_PATH: settingsPath,
        // Engines are on 127.0.0.1; a proxy from the environment must not see them.
        NO_PROXY: '*',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const log: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.length > 200) log.shift();
    });
    const searx = new SearxProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`searx exited with ${child.exitCode}:\n${log.join('').slice(-3000)}`);
      }
      const ready = await fetch(`${searx.url}/search?q=readiness&format=json`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return searx;
      if (Date.now() > deadline) {
        await searx.stop();
        throw new Error(`searx did not answer in 60 s:\n${log.join('').slice(-3000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** searx's merged results for a query, as Quarry's client asks them. */
  async search(query: string, params: Record<string, string>): Promise<Array<{ url: string }>> {
    const url = new URL('/search', this.url);
    url.searchParams.set('format', 'json');
    url.searchParams.set('q', query);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`searx answered HTTP ${res.status}`);
    return ((await res.json()) as { results: Array<{ url: string }> }).results;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

function settingsYaml(port: number, enginesUrl: string): string {
  const engines = CORPUS_ENGINES.map((engine) =>
    [
      `  - name: ${JSON.stringify(engine.name)}`,
      '    engine: json_engine',
      `    shortcut: ${JSON.stringify(engine.key)}`,
      `    categories: ${JSON.stringify(engine.category)}`,
      '    paging: true',
      `    search_url: ${JSON.stringify(`${enginesUrl}/engine/${engine.key}?q={query}&pageno={pageno}`)}`,
      '    results_query: results',
      '    url_query: url',
      '    title_query: title',
      '    content_query: content',
      '    enable_http: true',
      '    timeout: 20.0',
    ].join('\n'),
  );
  return `# Written by eval/corpus/searx.process.ts for one evaluation run.
general:
  debug: false
  instance_name: "quarry-eval"
  enable_stats: false
search:
  safe_search: 0
  autocomplete: ""
  default_lang: ""
  ban_time_on_fail: 0
  max_ban_time_on_fail: 0
server:
  port: ${port}
  bind_address: "127.0.0.1"
  secret_key: "${randomBytes(16).toString('hex')}"
  base_url: false
  image_proxy: false
  http_protocol_version: "1.0"
  method: "GET"
ui:
  static_path: "/usr/share/python3-searx/static"
  templates_path: "/usr/share/python3-searx/templates"
  default_theme: oscar
  default_locale: ""
  theme_args:
    oscar_style: logicodev
outgoing:
  request_timeout: 20.0
  max_request_timeout: 30.0
  useragent_suffix: ""
  pool_connections: 100
  pool_maxsize: 20
enabled_plugins: []
locales:
  en: English
doi_resolvers:
  oadoi.org: "https://oadoi.org/"
default_doi_resolver: "oadoi.org"
engines:
${engines.join('\n')}
`;
}
