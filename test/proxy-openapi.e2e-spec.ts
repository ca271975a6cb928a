import SwaggerParser from '@apidevtools/swagger-parser';
import { SIBLING_ROUTES } from '../src/proxy/sibling-routes';
import { startTestApp } from './utils/test-app';

describe('proxy paths in their own OpenAPI document (e2e)', () => {
  it('lists every forwarded prefix and its subtree with every method, apart from /docs/json', async () => {
    const t = await startTestApp();
    try {
      const main = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
      const document = (await t.app.inject({ method: 'GET', url: '/docs/siblings/json' })).json();
      for (const route of SIBLING_ROUTES) {
        expect(main.paths[route.prefix]).toBeUndefined();
        const methods = Object.keys(document.paths[route.prefix]).filter(
          (k) => k !== 'description',
        );
        expect(methods.sort()).toEqual(
          route.exact
            ? ['get', 'head']
            : ['delete', 'get', 'head', 'options', 'patch', 'post', 'put'],
        );
        if (!route.exact) {
          const subtree = document.paths[`${route.prefix}/{path}`];
          expect(subtree.get.parameters.map((p: { $ref: string }) => p.$ref)).toEqual([
            '#/components/parameters/SiblingPath',
            '#/components/parameters/SiblingQuery',
          ]);
          const name = subtree.post.responses['502'].$ref.split('/').pop();
          const unreachable = document.components.responses[name];
          expect(unreachable.content['application/json'].example.message).toBe(
            `The ${route.sibling} service is unreachable`,
          );
        }
      }
      await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    } finally {
      await t.close();
    }
  });
});
