import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';

/** POST /api/uploads as the document describes it (Perplexica's shape, errors in ErrorBody). */
export const UPLOAD_FILES: QuarryEndpointOptions = {
  operationId: 'uploadFiles',
  summary: "Perplexica's upload: files into the caller's uploads vector store",
  description:
    'Multipart `files` with the embedding model (`embedding_model_provider_id`, ' +
    '`embedding_model_key`): each file goes into the caller\'s "uploads" vector store of that ' +
    'model, which local search reads.',
  consumes: 'multipart/form-data',
  body: {
    schema: {
      type: 'object',
      required: ['files'],
      properties: {
        files: { type: 'array', items: { type: 'string', format: 'binary' } },
        embedding_model_provider_id: { type: 'string' },
        embedding_model_key: { type: 'string' },
      },
    },
  },
  ok: {
    description: 'The stored files.',
    schema: {
      type: 'object',
      required: ['files'],
      properties: {
        files: {
          type: 'array',
          items: {
            type: 'object',
            required: ['fileName', 'fileExtension', 'fileId'],
            properties: {
              fileName: { type: 'string' },
              fileExtension: { type: 'string' },
              fileId: { type: 'string' },
            },
          },
        },
      },
    },
  },
  errors: {
    400: 'No files were sent (field "files"), or a file type is not supported.',
    413: 'A file is larger than FILES_MAX_BYTES.',
  },
};
