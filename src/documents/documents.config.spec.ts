import { documentsConfig } from './documents.config';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432/quarry';

/** documentsConfig() read with exactly these two variables set (the others' defaults). */
function localDocsInDatabase(env: { DATABASE_URL?: string; LOCAL_DOCS_IN_DATABASE?: string }) {
  const saved = { ...process.env };
  delete process.env.DATABASE_URL;
  delete process.env.LOCAL_DOCS_IN_DATABASE;
  Object.assign(process.env, env);
  try {
    return documentsConfig().localDocsInDatabase;
  } finally {
    process.env = saved;
  }
}

describe('LOCAL_DOCS_IN_DATABASE: where LOCAL_DOCS_DIR is searched', () => {
  it('defaults to the database with DATABASE_URL, to memory without it (or with it empty)', () => {
    expect(localDocsInDatabase({ DATABASE_URL: POSTGRES })).toBe(true);
    expect(localDocsInDatabase({})).toBe(false);
    expect(localDocsInDatabase({ DATABASE_URL: '' })).toBe(false);
  });

  it('an explicit value wins either way', () => {
    expect(localDocsInDatabase({ DATABASE_URL: POSTGRES, LOCAL_DOCS_IN_DATABASE: 'false' })).toBe(
      false,
    );
    expect(localDocsInDatabase({ LOCAL_DOCS_IN_DATABASE: 'true' })).toBe(true);
  });
});
