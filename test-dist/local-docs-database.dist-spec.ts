import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import {
  testDocumentsDatabase,
  type TestDocumentsDatabase,
} from '../test/utils/documents-database';
import { QuarryProcess } from './support/quarry-process';

interface SearchReply {
  message: string;
  sources: Array<{ content: string; metadata: { title: string; url: string } }>;
}

interface Readiness {
  details: Record<string, { status: string; store?: string; files?: number; error?: string }>;
}

const BADGE =
  '# Onboarding\n\nNew staff collect their badge at the front desk of building seven.\n';
const BADGE_MOVED =
  '# Onboarding\n\nNew staff collect their badge at the security lodge beside the car park.\n';
const PARKING = '# Parking\n\nVisitors park on level minus two of the garage.\n';
/** Enough other files that two replicas syncing at once would overlap without the lock. */
const FILLER_FILES = 40;

/** LOCAL_DOCS_DIR in PostgreSQL by default: two built services on one database answer alike. */
const withPostgres = process.env.DATABASE_URL ? describe : describe.skip;
withPostgres('LOCAL_DOCS_DIR in PostgreSQL (node dist/main.js, default settings)', () => {
  let database: TestDocumentsDatabase;
  let docsDir: string;
  let sql: Client;
  const running: QuarryProcess[] = [];

  beforeAll(async () => {
    database = await testDocumentsDatabase();
    docsDir = mkdtempSync(join(tmpdir(), 'quarry-dist-local-docs-'));
    writeFileSync(join(docsDir, 'onboarding.md'), BADGE);
    writeFileSync(join(docsDir, 'parking.md'), PARKING);
    for (let i = 0; i < FILLER_FILES; i++) {
      writeFileSync(join(docsDir, `note-${i}.md`), `# Note ${i}\n\nThe weekly note number ${i}.\n`);
    }
    sql = new Client({ connectionString: database.env.DATABASE_URL });
    await sql.connect();
  });
  afterAll(async () => {
    await Promise.all(running.map((quarry) => quarry.stop()));
    await sql?.end();
    await database?.drop();
    rmSync(docsDir, { recursive: true, force: true });
  });

  const start = async () => {
    const quarry = await QuarryProcess.start({ ...database.env, LOCAL_DOCS_DIR: docsDir });
    running.push(quarry);
    return quarry;
  };
  const stopAll = async () => {
    await Promise.all(running.splice(0).map((quarry) => quarry.stop()));
  };
  const readiness = async (quarry: QuarryProcess) =>
    (await (await fetch(`${quarry.url}/health/ready`)).json()) as Readiness;
  const ask = async (quarry: QuarryProcess, query: string) => {
    const res = await fetch(`${quarry.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, sources: ['local'], optimizationMode: 'speed' }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as SearchReply;
  };
  const citedUrls = (reply: SearchReply) => reply.sources.map((source) => source.metadata.url);
  const deploymentFiles = async () =>
    (
      await sql.query<{ filename: string }>(
        "SELECT filename FROM files WHERE owner_id = '*deployment*' ORDER BY filename",
      )
    ).rows.map((row) => row.filename);
  const onboarding = () => pathToFileURL(join(docsDir, 'onboarding.md')).href;
  const parking = () => pathToFileURL(join(docsDir, 'parking.md')).href;

  it('two replicas starting at once sync once, and the second answers from a file of the folder', async () => {
    const [first, second] = await Promise.all([start(), start()]);
    for (const quarry of [first, second]) {
      // Readiness waits for the sync and its ingestion, and says where local searches read.
      expect((await readiness(quarry)).details['local-docs']).toMatchObject({
        status: 'up',
        store: 'database',
        files: FILLER_FILES + 2,
      });
      expect((await readiness(quarry)).details['local-docs'].error).toBeUndefined();
    }
    // Each file once: the replicas took turns rather than both uploading the folder.
    expect(await deploymentFiles()).toHaveLength(FILLER_FILES + 2);

    const reply = await ask(second, 'Where do new staff collect their badge?');
    expect(citedUrls(reply)).toContain(onboarding());
    expect(reply.message).toMatch(/front desk of building seven/);
  }, 120_000);

  it('after a restart, a changed file is ingested again and a removed one is deleted', async () => {
    await stopAll();
    writeFileSync(join(docsDir, 'onboarding.md'), BADGE_MOVED);
    unlinkSync(join(docsDir, 'parking.md'));
    const quarry = await start();
    expect((await readiness(quarry)).details['local-docs']).toMatchObject({
      store: 'database',
      files: FILLER_FILES + 1,
    });
    const files = await deploymentFiles();
    expect(files).not.toContain('parking.md');
    expect(files.filter((name) => name === 'onboarding.md')).toHaveLength(1);

    const moved = await ask(quarry, 'Where do new staff collect their badge?');
    expect(moved.message).toMatch(/security lodge beside the car park/);
    expect(moved.message).not.toMatch(/building seven/);
    const gone = await ask(quarry, 'Where do visitors park?');
    expect(citedUrls(gone)).not.toContain(parking());
  }, 120_000);
});
