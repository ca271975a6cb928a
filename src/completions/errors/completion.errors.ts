import { QuarryError } from '../../common/errors/quarry.error';

/** The `model` of a /v1 request names no active chat model or alias (404 model_not_found). */
export class ModelNotFoundError extends QuarryError {
  readonly code = 'model_not_found';
  readonly param = 'model';

  constructor(model: string) {
    super(
      `The model \`${model}\` does not exist. GET /v1/models lists the usable ids (<providerId>/<chatModelKey>) and aliases.`,
      404,
    );
  }
}

/** A /v1 request that is well-formed JSON but cannot be answered as asked (400). */
export class InvalidCompletionRequestError extends QuarryError {
  constructor(
    message: string,
    readonly param: string | null = null,
  ) {
    super(message, 400);
  }
}

/** The embedding model the configuration names for /v1 is not active: an operator's problem (503). */
export class EmbeddingModelUnavailableError extends QuarryError {
  constructor(detail: string) {
    super(`no embedding model available for search: ${detail}`, 503);
  }
}
