import { QuarryError } from '../common/errors/quarry.error';
import { SUPPORTED_EXTENSIONS } from './ingestion/file-types';

/**
 * A file, store or batch the caller cannot see: absent, or another caller's (the two answer
 * alike, so ids of others' documents cannot be probed).
 */
export class DocumentNotFoundError extends QuarryError {
  readonly code = 'not_found';

  constructor(
    what: string,
    id: string,
    readonly param: string | null = null,
  ) {
    super(`No ${what} found with id '${id}'.`, 404);
  }
}

/** A request the files and vector stores routes cannot answer as asked (400, naming the field). */
export class InvalidDocumentsRequestError extends QuarryError {
  constructor(
    message: string,
    readonly param: string | null = null,
  ) {
    super(message, 400);
  }
}

/** A parameter of OpenAI's API that Quarry does not implement: refused, never silently ignored. */
export class UnsupportedParameterError extends InvalidDocumentsRequestError {
  readonly code = 'unsupported_parameter';

  constructor(param: string) {
    super(`Unsupported parameter: '${param}' is not supported by this server.`, param);
  }
}

export class UnsupportedFileTypeError extends InvalidDocumentsRequestError {
  readonly code = 'unsupported_file';

  constructor(filename: string, param = 'file') {
    super(
      `Unsupported file type of '${filename}': supported types are ${SUPPORTED_EXTENSIONS.join(', ')}.`,
      param,
    );
  }
}

/** A file over FILES_MAX_BYTES. */
export class FileTooLargeError extends QuarryError {
  readonly code = 'file_too_large';
  readonly param = 'file';

  constructor(maxBytes: number) {
    super(`The file is larger than FILES_MAX_BYTES (${maxBytes} bytes).`, 413);
  }
}
