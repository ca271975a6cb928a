import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SHARED_OWNER, type OwnerId } from './documents.types';

/** Whose documents a request reads and writes: the authenticated user's id, or the shared owner. */
export const Owner = createParamDecorator(
  (_: unknown, context: ExecutionContext): OwnerId =>
    context.switchToHttp().getRequest<FastifyRequest>().user?.id ?? SHARED_OWNER,
);
