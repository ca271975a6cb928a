import SwaggerParser from '@apidevtools/swagger-parser';
import { SIBLING_ROUTES } from '../src/proxy/sibling-routes';
import { startTestApp } from './utils/test-app';

describe('proxy paths in the OpenAPI document (e2e)', () => {
  it('lists every forwarded prefix and its subtree, and the document stays valid', async () => {
    const t = await startTestApp();
    try {
      const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
      for (const route of SIBLING_ROUTES) {
        expect(document.paths[route.prefix]?.get).toBeDefined();
        if (!route.exact) {
          const subtree = document.paths[`${route.prefix}/{path}`];
          expect(Object.keys(subtree).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
          expect(subtree.post.responses['502']).toBeDefined();
        }
      }
      await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    } finally {
      await t.close();
    }
  });
});
