import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { MappedError } from '../../common/errors/error-mapper';
import type { ErrorPresenter } from '../../common/errors/error-presenter';
import { ErrorPresenterRegistry } from '../../common/errors/error-presenter.registry';
import { RequestValidationError } from '../../common/validation/request-validation.error';
import type { OpenAiErrorBody } from './openai-error-body';

/** Errors on /v1 (its routes, unknown /v1 paths, body errors there) answer in OpenAI's shape. */
export function isOpenAiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/**
 * OpenAI's codes are lower snake case; an upper-case one (FST_ERR_CTP_INVALID_JSON_BODY, Node's
 * ERR_*) is the framework's name for the failure, not a code OpenAI clients know.
 */
const OPENAI_CODE = /^[a-z][a-z0-9_]*$/;

/**
 * OpenAI's error body from the service's one mapping, so both shapes say the same thing: the
 * status picks type and default code, a domain error's own param/code win, and a refused body
 * names the field of its first problem.
 */
export function openAiErrorBody(mapped: MappedError, exception: unknown): OpenAiErrorBody {
  const status = mapped.body.statusCode;
  const messages = Array.isArray(mapped.body.message) ? mapped.body.message : [mapped.body.message];
  const detail = exception as { param?: unknown; code?: unknown } | null;
  const param =
    typeof detail?.param === 'string'
      ? detail.param
      : exception instanceof RequestValidationError
        ? (exception.problems[0]?.field ?? null)
        : null;
  const code =
    typeof detail?.code === 'string' && status < 500 && OPENAI_CODE.test(detail.code)
      ? detail.code
      : defaultCode(status);
  return { error: { message: messages.join('; '), type: typeFor(status), param, code } };
}

/** Registers OpenAI's error shape for /v1 with the one error pipeline in common. */
@Injectable()
export class OpenAiErrorPresenter implements ErrorPresenter, OnModuleInit {
  constructor(private readonly registry: ErrorPresenterRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  appliesTo(url: string): boolean {
    return isOpenAiPath(url);
  }

  present(mapped: MappedError, exception: unknown): OpenAiErrorBody {
    return openAiErrorBody(mapped, exception);
  }
}

function typeFor(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function defaultCode(status: number): string | null {
  if (status === 401) return 'invalid_api_key';
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 404) return 'not_found';
  return null;
}
