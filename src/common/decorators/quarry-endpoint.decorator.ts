import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiExtension,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
  type ApiBodyOptions,
  type ApiParamOptions,
  type ApiResponseNoStatusOptions,
  type ApiResponseOptions,
} from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { ErrorBody } from '../errors/error-body';
import { Public } from './public.decorator';

/** One documented error status: what it means on this route, and optionally a real reply. */
export type EndpointError = string | { readonly description: string; readonly example?: unknown };

export interface QuarryEndpointOptions {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  /** The request body: a DTO, or ApiBody's options when it has examples or a schema. */
  readonly body?: Type<unknown> | ApiBodyOptions;
  /** The body's media type when it is not JSON (multipart/form-data for uploads). */
  readonly consumes?: string;
  /** The 200 reply: a DTO, or ApiOkResponse's options. */
  readonly ok?: Type<unknown> | ApiResponseNoStatusOptions;
  /** The error statuses this route answers beyond those every route shares (added for all). */
  readonly errors?: Readonly<Partial<Record<number, EndpointError>>>;
  /** The schema of those errors: ErrorBody unless the route answers in another shape. */
  readonly errorBody?: Type<unknown>;
  /** Replies of other statuses that are not errors in that shape (a 502 carrying a result). */
  readonly responses?: Readonly<Record<number, ApiResponseNoStatusOptions>>;
  /** Path parameters worth an example. */
  readonly params?: readonly ApiParamOptions[];
}

/**
 * The OpenAPI description of one route in one decorator: operation, body, 200 reply and its own
 * error statuses. The statuses every route shares (401, 429, ...) are added to the document in
 * one place (src/openapi/error-responses.ts), so a route lists only what is particular to it.
 */
export function QuarryEndpoint(options: QuarryEndpointOptions): MethodDecorator {
  const { operationId, summary, description, body, ok, errors = {}, responses = {} } = options;
  const errorBody = options.errorBody ?? ErrorBody;
  return applyDecorators(
    ApiOperation({ operationId, summary, description }),
    ...(options.consumes ? [ApiConsumes(options.consumes)] : []),
    ...(body ? [ApiBody(typeof body === 'function' ? { type: body } : body)] : []),
    ...(ok ? [ApiOkResponse(typeof ok === 'function' ? { type: ok } : ok)] : []),
    ...Object.entries(errors).map(([status, error]) =>
      ApiResponse({
        status: Number(status),
        type: errorBody,
        ...(typeof error === 'string' ? { description: error } : error),
      }),
    ),
    ...Object.entries(responses).map(([status, response]) =>
      ApiResponse({ status: Number(status), ...response } as ApiResponseOptions),
    ),
    ...(options.params ?? []).map((param) => ApiParam(param)),
  );
}

export interface QuarryApiOptions {
  /** Reachable without a bearer token, at run time and in the document. */
  readonly public?: boolean;
  /** false: outside the rate limit (SkipThrottle), and documented without a 429. */
  readonly rateLimited?: boolean;
  /** Schemas its routes reference by $ref only. */
  readonly models?: ReadonlyArray<Type<unknown>>;
}

/** A controller's place in the document: its tag, and what holds for all of its routes. */
export function QuarryApi(tag: string, options: QuarryApiOptions = {}): ClassDecorator {
  return applyDecorators(
    ApiTags(tag),
    options.public ? Public() : ApiBearerAuth(),
    ...(options.rateLimited === false
      ? [SkipThrottle(), ApiExtension(NOT_RATE_LIMITED, true)]
      : []),
    ...(options.models?.length ? [ApiExtraModels(...options.models)] : []),
  );
}

/** The operation's mark in the document that no 429 can come from it. */
export const NOT_RATE_LIMITED = 'x-not-rate-limited';
