import { v1Endpoint, v1ListEndpoint } from './v1-endpoint.openapi';

const NOT_FOUND = { 404: 'No file of the caller has this id.' };

export const CREATE_FILE = v1Endpoint({
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
});

export const LIST_FILES = v1ListEndpoint({
  operationId: 'listFiles',
  summary: "List the caller's files (cursor pagination)",
  description: 'Newest first; paged by cursor.',
  item: 'file',
});

export const RETRIEVE_FILE = v1Endpoint({
  operationId: 'retrieveFile',
  summary: 'A file of the caller',
  description: 'Its id, filename, bytes, purpose and creation time.',
  ok: { description: 'The file object.' },
  errors: NOT_FOUND,
});

export const RETRIEVE_FILE_CONTENT = v1Endpoint({
  operationId: 'retrieveFileContent',
  summary: "A file's bytes, as uploaded",
  description: 'The filename is in Content-Disposition.',
  ok: {
    description: 'The bytes of the file.',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  errors: NOT_FOUND,
});

export const DELETE_FILE = v1Endpoint({
  operationId: 'deleteFile',
  summary: 'Delete a file, and take it out of every store',
  description: 'Its chunks leave every vector store that held it; answers the deleted object.',
  ok: { description: 'A deleted file object.' },
  errors: NOT_FOUND,
});
