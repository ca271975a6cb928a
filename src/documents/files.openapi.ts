import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { OpenAiErrorBody } from '../completions';

/** Under /v1 errors answer in OpenAI's shape. */
const errorBody = OpenAiErrorBody;
const NOT_FOUND = { 404: 'No file of the caller has this id.' };

export const CREATE_FILE: QuarryEndpointOptions = {
  operationId: 'createFile',
  summary: 'Upload a file (multipart: file, purpose "assistants" or "user_data")',
  description: 'Markdown, HTML, text, JSON, PDF or DOCX, stored for vector stores to ingest.',
  consumes: 'multipart/form-data',
  body: {
    schema: {
      type: 'object',
      required: ['file', 'purpose'],
      properties: {
        file: { type: 'string', format: 'binary' },
        purpose: { type: 'string', example: 'assistants' },
      },
    },
  },
  errors: {
    400: 'No file, more than one, no purpose, an unknown field, or a type not supported (the message lists the supported ones).',
    413: 'The file is larger than FILES_MAX_BYTES.',
  },
  responses: { 201: { description: 'The file object.' } },
  errorBody,
};

export const LIST_FILES: QuarryEndpointOptions = {
  operationId: 'listFiles',
  summary: "List the caller's files (cursor pagination)",
  description: 'Newest first; paged by cursor.',
  ok: { description: 'A list of file objects.' },
  errors: { 400: 'A query parameter is invalid.' },
  errorBody,
};

export const RETRIEVE_FILE: QuarryEndpointOptions = {
  operationId: 'retrieveFile',
  summary: 'A file of the caller',
  description: 'Its id, filename, bytes, purpose and creation time.',
  ok: { description: 'The file object.' },
  errors: NOT_FOUND,
  errorBody,
};

export const RETRIEVE_FILE_CONTENT: QuarryEndpointOptions = {
  operationId: 'retrieveFileContent',
  summary: "A file's bytes, as uploaded",
  description: 'The filename is in Content-Disposition.',
  ok: {
    description: 'The bytes of the file.',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  errors: NOT_FOUND,
  errorBody,
};

export const DELETE_FILE: QuarryEndpointOptions = {
  operationId: 'deleteFile',
  summary: 'Delete a file, and take it out of every store',
  description: 'Its chunks leave every vector store that held it; answers the deleted object.',
  ok: { description: 'A deleted file object.' },
  errors: NOT_FOUND,
  errorBody,
};
