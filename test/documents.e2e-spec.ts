import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import OpenAI, { toFile } from 'openai';
import { FakeAuthServer } from '../test/fakes/fake-auth.server';
import { docx, documentXml, paragraph } from './utils/docx-file';
import { LocalDocsDirectorySync } from '../src/documents/local-docs-directory.sync';
import { testDocumentsDatabase, type TestDocumentsDatabase } from './utils/documents-database';
import { startTestApp, type TestApp } from './utils/test-app';

const HANDBOOK = `# Support handbook

## Rotating the signing keys

Rotate the signing keys every ninety days with the keyctl rotate command; the old key stays valid for one day.

## Escalation

Page the on-call engineer when a customer reports data loss.
`;

const RUNBOOK = `# Database runbook

## Failover

Promote the standby replica with pg_ctl promote, then point the pooler at it.
`;

/** Waits until the vector store file leaves in_progress (ingestion runs in the background). */
async function ingested(client: OpenAI, storeId: string, fileId: string) {
  for (;;) {
    const file = await client.vectorStores.files.retrieve(fileId, { vector_store_id: storeId });
    if (file.status !== 'in_progress') return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('files and vector stores through the openai SDK (two callers)', () => {
  let auth: FakeAuthServer;
  let database: TestDocumentsDatabase;
  let app: TestApp;
  let alice: OpenAI;
  let bob: OpenAI;
  let docsDir: string;

  beforeAll(async () => {
    auth = await FakeAuthServer.start();
    auth.users.set('alice-token', { id: 'alice' });
    auth.users.set('bob-token', { id: 'bob' });
    database = await testDocumentsDatabase();
    docsDir = mkdtempSync(join(tmpdir(), 'quarry-local-docs-'));
    writeFileSync(
      join(docsDir, 'onboarding.md'),
      '# Onboarding\n\nNew staff collect their badge at the front desk.\n',
    );
    app = await startTestApp({
      listen: true,
      env: {
        ...database.env,
        AUTH_REQUIRED: 'true',
        AUTH_SERVICE_URL: auth.url,
        FILES_MAX_BYTES: '4096',
        INGESTION_POLL_MS: '100',
        LOCAL_DOCS_DIR: docsDir,
        LOCAL_DOCS_IN_DATABASE: 'true',
      },
    });
    const client = (apiKey: string) =>
      new OpenAI({ apiKey, baseURL: `${app.url}/v1`, maxRetries: 0 });
    alice = client('alice-token');
    bob = client('bob-token');
    // The embedded engine is created on first use (initdb: seconds on a busy machine).
    await alice.files.list();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await auth?.close();
    rmSync(docsDir, { recursive: true, force: true });
    // The embedded database of this file (jest-env gives each test file its own DATA_DIR).
    if (database?.engine === 'embedded') {
      rmSync(join(process.env.DATA_DIR!, 'documents'), { recursive: true, force: true });
    }
  });

  it('uploads, ingests in the background, and searches with attribute filters', async () => {
    const handbook = await alice.files.create({
      file: await toFile(Buffer.from(HANDBOOK), 'handbook.md'),
      purpose: 'assistants',
    });
    expect(handbook).toMatchObject({
      object: 'file',
      filename: 'handbook.md',
      bytes: HANDBOOK.length,
    });
    const runbook = await alice.files.create({
      file: await toFile(Buffer.from(RUNBOOK), 'runbook.md'),
      purpose: 'assistants',
    });
    const content = await (await alice.files.content(handbook.id)).text();
    expect(content).toBe(HANDBOOK);

    const store = await alice.vectorStores.create({ name: 'Support' });
    await alice.vectorStores.files.create(store.id, {
      file_id: handbook.id,
      attributes: { team: 'support', year: 2026 },
    });
    const batch = await alice.vectorStores.fileBatches.create(store.id, {
      file_ids: [runbook.id],
      attributes: { team: 'dba', year: 2024 },
      chunking_strategy: {
        type: 'static',
        static: { max_chunk_size_tokens: 200, chunk_overlap_tokens: 50 },
      },
    });
    expect(batch.object).toBe('vector_store.files_batch');
    expect((await ingested(alice, store.id, handbook.id)).status).toBe('completed');
    const runbookFile = await ingested(alice, store.id, runbook.id);
    expect(runbookFile).toMatchObject({
      status: 'completed',
      chunking_strategy: {
        type: 'static',
        static: { max_chunk_size_tokens: 200, chunk_overlap_tokens: 50 },
      },
    });
    const counted = await alice.vectorStores.retrieve(store.id);
    expect(counted.file_counts).toMatchObject({ completed: 2, in_progress: 0, total: 2 });
    expect(counted.usage_bytes).toBeGreaterThan(0);

    const hits = await alice.vectorStores.search(store.id, {
      query: 'how often are signing keys rotated?',
    });
    expect(hits.data[0]).toMatchObject({ file_id: handbook.id, filename: 'handbook.md' });
    expect(hits.data[0].content[0].text).toContain('ninety days');
    // Half the score is the embeddings' cosine: the best text match alone would score 0.5.
    expect(hits.data[0].score).toBeGreaterThan(0.5);

    const filtered = await alice.vectorStores.search(store.id, {
      query: 'replica keys',
      filters: {
        type: 'or',
        filters: [
          { type: 'eq', key: 'team', value: 'dba' },
          { type: 'gt', key: 'year', value: 2030 },
        ],
      },
    });
    expect(filtered.data.map((hit) => hit.file_id)).toEqual([runbook.id]);
    const none = await alice.vectorStores.search(store.id, {
      query: 'signing keys',
      ranking_options: { score_threshold: 1 },
    });
    expect(none.data).toEqual([]);

    // Ingestion's progress, every replica's, in /metrics.
    const metrics = await (
      await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer alice-token' } })
    ).text();
    expect(metrics).toMatch(/^quarry_documents_files\{status="completed"\} [1-9]/m);
    expect(metrics).toMatch(/^quarry_documents_ingested_total\{outcome="completed"\} [1-9]/m);

    const page = await alice.vectorStores.files.list(store.id, { limit: 1, order: 'asc' });
    expect(page.data.map((file) => file.id)).toEqual([handbook.id]);
    expect(page.has_more).toBe(true);
  });

  it("accepts Perplexica's POST /api/uploads and answers in its shape", async () => {
    const form = new FormData();
    form.append(
      'files',
      new Blob(['# Parking\n\nVisitors park on level minus two.\n']),
      'parking.md',
    );
    const response = await fetch(`${app.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: 'Bearer alice-token' },
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { files: Array<{ fileName: string; fileId: string }> };
    expect(body.files).toEqual([
      { fileName: 'parking.md', fileExtension: 'md', fileId: expect.stringMatching(/^file-/) },
    ]);
    const stores = await alice.vectorStores.list();
    const uploads = stores.data.find((store) => store.name === 'uploads')!;
    expect((await ingested(alice, uploads.id, body.files[0].fileId)).status).toBe('completed');
  });

  it('refuses what it does not support, by name, in OpenAI error shape', async () => {
    await expect(
      alice.vectorStores.create({
        name: 'x',
        expires_after: { anchor: 'last_active_at', days: 1 },
      }),
    ).rejects.toMatchObject({ status: 400, param: 'expires_after' });
    const store = await alice.vectorStores.create({});
    await expect(
      alice.vectorStores.search(store.id, {
        query: 'keys',
        ranking_options: { ranker: 'bogus' as 'auto' },
      }),
    ).rejects.toMatchObject({ status: 400, param: 'ranking_options' });
    // OpenAI's metadata: at most 16 string values.
    for (const metadata of [
      { year: 2026 },
      Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v'])),
      { note: 'x'.repeat(513) },
    ]) {
      await expect(
        alice.vectorStores.create({ metadata } as unknown as { metadata: Record<string, string> }),
      ).rejects.toMatchObject({ status: 400, param: 'metadata' });
    }
    await expect(
      alice.files.create({
        file: await toFile(Buffer.from('x'), 'tool.exe'),
        purpose: 'assistants',
      }),
    ).rejects.toMatchObject({
      status: 400,
      param: 'file',
      message: expect.stringContaining('.pdf'),
    });
    await expect(
      alice.files.create({
        file: await toFile(Buffer.alloc(5000, 'a'), 'big.txt'),
        purpose: 'assistants',
      }),
    ).rejects.toMatchObject({ status: 413 });
    // A body that is not multipart at all, and one cut before its closing boundary.
    const post = (contentType: string, body: string) =>
      fetch(`${app.url}/v1/files`, {
        method: 'POST',
        headers: { authorization: 'Bearer alice-token', 'content-type': contentType },
        body,
      });
    const cut =
      '--b\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi';
    for (const res of [
      await post('multipart/form-data', 'garbage'),
      await post('multipart/form-data; boundary=b', cut),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { type: 'invalid_request_error', message: expect.stringMatching(/multipart/) },
      });
    }
  });

  it('refuses the NUL character in a name, a filter or a query with 400, naming where', async () => {
    await expect(alice.vectorStores.create({ name: 'run\u0000books' })).rejects.toMatchObject({
      status: 400,
      param: 'name',
    });
    const store = await alice.vectorStores.create({ name: 'nul' });
    await expect(
      alice.vectorStores.search(store.id, {
        query: 'keys',
        filters: { type: 'eq', key: 'team', value: 'ops\u0000' },
      }),
    ).rejects.toMatchObject({ status: 400, param: 'filters.value' });
    await expect(
      alice.vectorStores.search(store.id, { query: ['keys', '\u0000'] }),
    ).rejects.toMatchObject({ status: 400, param: 'query[1]' });
    await expect(
      alice.files.create({
        file: await toFile(Buffer.from('keys'), 'run\u0000book.md'),
        purpose: 'assistants',
      }),
    ).rejects.toMatchObject({
      status: 400,
      param: 'file',
      message: expect.stringContaining('NUL'),
    });
  });

  it('finds the text of a DOCX, an HTML fragment and a UTF-16 text file; an empty file fails', async () => {
    const upload = async (content: Buffer, name: string) =>
      (await alice.files.create({ file: await toFile(content, name), purpose: 'assistants' })).id;
    const files = {
      docx: await upload(
        docx(documentXml(paragraph('The Cobalt memo moves the picnic to Lake Umbra.'))),
        'memo.docx',
      ),
      html: await upload(
        Buffer.from('<p>The ferry to Garnet Island leaves at dawn.</p>'),
        'f.html',
      ),
      // Windows' "Unicode" text: UTF-16 with a byte order mark.
      utf16: await upload(
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from('Basalt quarry tours run on Sundays.', 'utf16le'),
        ]),
        'tours.txt',
      ),
      empty: await upload(Buffer.alloc(0), 'empty.txt'),
    };
    const store = await alice.vectorStores.create({ file_ids: Object.values(files) });
    for (const [kind, id] of Object.entries(files)) {
      const file = await ingested(alice, store.id, id);
      expect({ kind, status: file.status }).toEqual({
        kind,
        status: kind === 'empty' ? 'failed' : 'completed',
      });
      if (kind === 'empty') expect(file.last_error).toMatchObject({ code: 'invalid_file' });
    }
    for (const [query, id] of [
      ['picnic', files.docx],
      ['ferry', files.html],
      ['quarry tours', files.utf16],
    ]) {
      const found = await alice.vectorStores.search(store.id, { query });
      expect({ query, first: found.data[0]?.file_id }).toEqual({ query, first: id });
    }
  });

  it('adds one file to a store from several requests at once without an error', async () => {
    const file = await alice.files.create({
      file: await toFile(Buffer.from(RUNBOOK), 'runbook.md'),
      purpose: 'assistants',
    });
    const store = await alice.vectorStores.create({});
    const added = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        alice.vectorStores.files.create(store.id, { file_id: file.id }),
      ),
    );
    expect(added.map((result) => result.status)).toEqual(Array(6).fill('fulfilled'));
    expect((await ingested(alice, store.id, file.id)).status).toBe('completed');
    expect((await alice.vectorStores.retrieve(store.id)).file_counts.total).toBe(1);
  });

  it('lists files as OpenAI does: up to 10,000 a page by default, not 20', async () => {
    const uploaded = await Promise.all(
      Array.from(
        { length: 25 },
        async (_, i) =>
          (
            await bob.files.create({
              file: await toFile(Buffer.from(`note ${i}`), `note-${i}.txt`),
              purpose: 'assistants',
            })
          ).id,
      ),
    );
    const page = await bob.files.list();
    expect(page.data.map((file) => file.id)).toEqual(expect.arrayContaining(uploaded));
    expect(page.has_more).toBe(false);
    expect((await bob.files.list({ limit: 10 })).data).toHaveLength(10);
    await expect(bob.files.list({ limit: 10_001 })).rejects.toMatchObject({ status: 400 });
    await Promise.all(uploaded.map((id) => bob.files.delete(id)));
  });

  it('marks a file that does not parse failed, with the reason', async () => {
    const broken = await alice.files.create({
      file: await toFile(Buffer.from('%PDF-1.7 this is not really a pdf'), 'broken.pdf'),
      purpose: 'assistants',
    });
    const store = await alice.vectorStores.create({ file_ids: [broken.id] });
    const file = await ingested(alice, store.id, broken.id);
    expect(file.status).toBe('failed');
    expect(file.last_error?.message).toMatch(/pdf/i);
  });

  it("keeps one caller's files and stores from another: 404, absent from lists and search", async () => {
    const secret = await alice.files.create({
      file: await toFile(Buffer.from('# Secret\n\nThe vault code is 4711.\n'), 'secret.md'),
      purpose: 'assistants',
    });
    const store = await alice.vectorStores.create({ file_ids: [secret.id] });
    await ingested(alice, store.id, secret.id);

    await expect(bob.files.retrieve(secret.id)).rejects.toMatchObject({ status: 404 });
    await expect(bob.files.content(secret.id)).rejects.toMatchObject({ status: 404 });
    await expect(bob.files.delete(secret.id)).rejects.toMatchObject({ status: 404 });
    await expect(bob.vectorStores.retrieve(store.id)).rejects.toMatchObject({ status: 404 });
    await expect(bob.vectorStores.update(store.id, { name: 'mine' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      bob.vectorStores.files.retrieve(secret.id, { vector_store_id: store.id }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(bob.vectorStores.files.list(store.id)).rejects.toMatchObject({ status: 404 });
    await expect(bob.vectorStores.search(store.id, { query: 'vault code' })).rejects.toMatchObject({
      status: 404,
    });
    const bobStore = await bob.vectorStores.create({ name: 'bob' });
    await expect(
      bob.vectorStores.files.create(bobStore.id, { file_id: secret.id }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(bob.vectorStores.delete(store.id)).rejects.toMatchObject({ status: 404 });
    expect((await bob.files.list()).data.map((file) => file.id)).not.toContain(secret.id);
    expect((await bob.vectorStores.list()).data.map((s) => s.id)).toEqual([bobStore.id]);

    expect((await alice.vectorStores.search(store.id, { query: 'vault code' })).data).toHaveLength(
      1,
    );

    // The local source of search and completions reads the caller's stores, and only theirs.
    const citedIn = async (token: string) => {
      const response = await fetch(`${app.url}/api/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'What is the vault code?', sources: ['local'] }),
      });
      const body = (await response.json()) as {
        sources: Array<{ metadata: { title: string; url: string } }>;
      };
      return body.sources.map((source) => source.metadata);
    };
    expect(await citedIn('alice-token')).toContainEqual({
      title: 'secret.md',
      url: `/v1/vector_stores/${store.id}/files/${secret.id}`,
    });
    expect((await citedIn('bob-token')).map((source) => source.title)).not.toContain('secret.md');
    const completion = await alice.chat.completions.create({
      model: (await alice.models.list()).data[0].id,
      messages: [{ role: 'user', content: 'What is the vault code?' }],
      search_mode: 'local',
      vector_store_ids: [store.id],
    } as never);
    expect(JSON.stringify(completion)).toContain(secret.id);
    // A store the caller cannot read, named in a search, is 404: a typo is not "nothing found".
    const unreadable = await bob.chat.completions
      .create({
        model: (await bob.models.list()).data[0].id,
        messages: [{ role: 'user', content: 'What is the vault code?' }],
        search_mode: 'local',
        vector_store_ids: [store.id],
      } as never)
      .catch((e: unknown) => e);
    expect(unreadable).toBeInstanceOf(OpenAI.NotFoundError);
    expect((unreadable as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({
      param: 'vector_store_ids',
      message: expect.stringContaining(store.id),
    });

    await alice.files.delete(secret.id);
    expect((await alice.vectorStores.retrieve(store.id)).file_counts.total).toBe(0);
  });

  it('puts LOCAL_DOCS_DIR into a store every caller reads, re-synced by content hash', async () => {
    const ask = async (token: string, query: string) => {
      const response = await fetch(`${app.url}/api/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, sources: ['local'] }),
      });
      const body = (await response.json()) as { sources: Array<{ metadata: { url: string } }> };
      return body.sources.map((source) => source.metadata.url);
    };
    const onboarding = pathToFileURL(join(docsDir, 'onboarding.md')).href;
    const sync = app.app.get(LocalDocsDirectorySync);
    const settled = async (query: string, expectCited: boolean) => {
      for (;;) {
        const cited = (await ask('bob-token', query)).includes(onboarding);
        if (cited === expectCited) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await settled('Where is the badge collected?', true);
    expect(await ask('alice-token', 'Where is the badge collected?')).toContain(onboarding);

    // Changed: ingested again; unchanged files are left alone; removed: deleted.
    writeFileSync(
      join(docsDir, 'onboarding.md'),
      '# Onboarding\n\nLaptops are handed out on the first day.\n',
    );
    expect(await sync.sync()).toEqual({ added: 1, removed: 0 });
    expect(await sync.sync()).toEqual({ added: 0, removed: 0 });
    await settled('When are laptops handed out?', true);
    unlinkSync(join(docsDir, 'onboarding.md'));
    expect(await sync.sync()).toEqual({ added: 0, removed: 1 });
    await settled('When are laptops handed out?', false);
  });
});
