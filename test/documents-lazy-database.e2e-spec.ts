import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp } from './utils/test-app';

/** The embedded engine costs seconds to create: only a request that stores documents creates it. */
describe('the embedded documents database, before anyone uploads', () => {
  it('is not created by a metrics scrape, a readiness probe or a local search', async () => {
    const app = await startTestApp({ env: { DATABASE_URL: undefined } });
    try {
      const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toContain('quarry_documents_files');
      const ready = await app.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.json()).toMatchObject({
        details: { database: { status: 'up', opened: false } },
      });
      const search = await app.app.inject({
        method: 'POST',
        url: '/api/search',
        payload: { query: 'How are results cached?', sources: ['local'] },
      });
      expect(search.statusCode).toBe(200);
      expect(existsSync(join(process.env.DATA_DIR!, 'documents'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
