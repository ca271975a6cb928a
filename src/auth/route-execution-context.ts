import type { ExecutionContext, Type } from '@nestjs/common';
import type { HttpArgumentsHost } from '@nestjs/common/interfaces';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The ExecutionContext Nest's router hands its guards, for a request that a Fastify hook guards
 * instead. One object per request with its methods on the prototype: Nest's own context assigns
 * three new closures on every switchToHttp().
 */
export class RouteExecutionContext implements ExecutionContext, HttpArgumentsHost {
  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly controller: Type,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's handler type
    private readonly handler: Function,
  ) {}

  getType<T extends string = 'http'>(): T {
    return 'http' as T;
  }
  getClass<T = unknown>(): Type<T> {
    return this.controller as Type<T>;
  }
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's handler type
  getHandler(): Function {
    return this.handler;
  }
  getArgs<T extends unknown[] = unknown[]>(): T {
    return [this.request, this.reply] as T;
  }
  getArgByIndex<T = unknown>(index: number): T {
    return this.getArgs()[index] as T;
  }
  switchToHttp(): HttpArgumentsHost {
    return this;
  }
  switchToRpc(): never {
    throw new Error('an HTTP route has no RPC context');
  }
  switchToWs(): never {
    throw new Error('an HTTP route has no WebSocket context');
  }
  getRequest<T = FastifyRequest>(): T {
    return this.request as T;
  }
  getResponse<T = FastifyReply>(): T {
    return this.reply as T;
  }
  getNext<T = undefined>(): T {
    return undefined as T;
  }
}
