import { Injectable } from '@nestjs/common';
import { FastifyServedRoutes } from '../common/http/fastify-served-routes';
import { PROVIDERS_CONTENT_TYPE, ProvidersController } from './providers.controller';
import { ProvidersDocument } from './providers-document';

/**
 * GET /api/providers without Nest's per-request pipeline (about half of its CPU per request):
 * the same body and content type, behind the same global guards.
 */
@Injectable()
export class ProvidersRoutes {
  constructor(routes: FastifyServedRoutes, document: ProvidersDocument) {
    routes.serve({
      controller: ProvidersController,
      handler: ProvidersController.prototype.list,
      paths: ['/api/providers'],
      serve: () => (_request, reply) => {
        void reply.header('content-type', PROVIDERS_CONTENT_TYPE).send(document.json());
      },
    });
  }
}
