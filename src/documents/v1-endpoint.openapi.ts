import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { OpenAiErrorBody } from '../completions';

/** The 400 of a list route whose `after`, `before`, `limit`, `order` or filter is off. */
export const INVALID_QUERY = 'A query parameter is invalid.';

/** A route of the files and vector stores API: under /v1, errors answer in OpenAI's shape. */
export function v1Endpoint(
  options: Omit<QuarryEndpointOptions, 'errorBody'>,
): QuarryEndpointOptions {
  return { ...options, errorBody: OpenAiErrorBody };
}

/** A list route: cursor pagination, answering a list of `item` objects. */
export function v1ListEndpoint(options: {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly item: string;
  readonly notFound?: string;
}): QuarryEndpointOptions {
  const { item, notFound, ...rest } = options;
  return v1Endpoint({
    ...rest,
    ok: { description: `A list of ${item} objects.` },
    errors: { 400: INVALID_QUERY, ...(notFound ? { 404: notFound } : {}) },
  });
}
