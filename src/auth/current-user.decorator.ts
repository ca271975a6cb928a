import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from './authenticated-user';

/**
 * The authenticated caller (see AuthenticatedUser), or one of its fields:
 * `@CurrentUser() user`, `@CurrentUser('profile') profile`. Undefined when authentication is off.
 */
export const CurrentUser = createParamDecorator(
  (field: keyof AuthenticatedUser | undefined, context: ExecutionContext) => {
    const user = context.switchToHttp().getRequest<FastifyRequest>().user;
    return field ? user?.[field] : user;
  },
);
