import { v1Endpoint, v1ListEndpoint } from './v1-endpoint.openapi';

const INVALID = 'A field is invalid or not supported (param names it).';
const STORE_NOT_FOUND = 'No vector store of the caller has this id.';
const FILE_NOT_FOUND = 'No such vector store, or no such file in it.';
const BATCH_NOT_FOUND = 'No such vector store, or no such batch in it.';

export const CREATE_VECTOR_STORE = v1Endpoint({
  operationId: 'createVectorStore',
  summary: 'Create a vector store, optionally with files',
  description:
    'The files in `file_ids` are ingested in the background with `chunking_strategy`; ' +
    '`embedding_model` picks the model its chunks are embedded with.',
  responses: { 201: { description: 'The vector store object.' } },
  errors: { 400: INVALID, 404: 'A file in file_ids does not exist.' },
});

export const LIST_VECTOR_STORES = v1ListEndpoint({
  operationId: 'listVectorStores',
  summary: "List the caller's vector stores",
  description: 'Newest first; paged by cursor.',
  item: 'vector store',
});

export const RETRIEVE_VECTOR_STORE = v1Endpoint({
  operationId: 'retrieveVectorStore',
  summary: 'A vector store, with its file counts',
  description: 'Usage and file counts by status.',
  ok: { description: 'The vector store object.' },
  errors: { 404: STORE_NOT_FOUND },
});

export const MODIFY_VECTOR_STORE = v1Endpoint({
  operationId: 'modifyVectorStore',
  summary: 'Rename a vector store or change its metadata',
  description: 'Only `name` and `metadata` can change; answers the updated store.',
  ok: { description: 'The vector store object.' },
  errors: { 400: INVALID, 404: STORE_NOT_FOUND },
});

export const DELETE_VECTOR_STORE = v1Endpoint({
  operationId: 'deleteVectorStore',
  summary: 'Delete a vector store (its files stay)',
  description: 'The store and its chunks go; the files stay in /v1/files.',
  ok: { description: 'A vector_store.deleted object.' },
  errors: { 404: STORE_NOT_FOUND },
});

export const CREATE_VECTOR_STORE_FILE = v1Endpoint({
  operationId: 'createVectorStoreFile',
  summary: 'Add a file to a vector store: ingested in the background (status in_progress)',
  description:
    'Poll GET /v1/vector_stores/{id}/files/{fileId} until status is completed or failed; ' +
    '`attributes` are stored with its chunks for search filters.',
  ok: { description: 'The vector store file object.' },
  errors: { 400: INVALID, 404: 'No such vector store or file.' },
});

export const LIST_VECTOR_STORE_FILES = v1ListEndpoint({
  operationId: 'listVectorStoreFiles',
  summary: 'The files of a vector store',
  description:
    'Cursor pagination; `filter` keeps one status (in_progress, completed, failed, cancelled).',
  item: 'vector store file',
  notFound: STORE_NOT_FOUND,
});

export const RETRIEVE_VECTOR_STORE_FILE = v1Endpoint({
  operationId: 'retrieveVectorStoreFile',
  summary: 'A file of a vector store, with its status',
  description: 'Its ingestion status, and the error when it failed.',
  ok: { description: 'The vector store file object.' },
  errors: { 404: FILE_NOT_FOUND },
});

export const DELETE_VECTOR_STORE_FILE = v1Endpoint({
  operationId: 'deleteVectorStoreFile',
  summary: 'Take a file out of a vector store',
  description: 'Its chunks leave the store; the file itself stays in /v1/files.',
  ok: { description: 'A vector_store.file.deleted object.' },
  errors: { 404: FILE_NOT_FOUND },
});

export const CREATE_VECTOR_STORE_FILE_BATCH = v1Endpoint({
  operationId: 'createVectorStoreFileBatch',
  summary: 'Add several files at once',
  description: 'Ingested in the background; the batch counts them by status.',
  ok: { description: 'The file batch object.' },
  errors: { 400: INVALID, 404: 'No such vector store, or a file in file_ids does not exist.' },
});

export const RETRIEVE_VECTOR_STORE_FILE_BATCH = v1Endpoint({
  operationId: 'retrieveVectorStoreFileBatch',
  summary: 'A file batch, with its counts',
  description: 'Its status and file counts by status.',
  ok: { description: 'The file batch object.' },
  errors: { 404: BATCH_NOT_FOUND },
});

export const CANCEL_VECTOR_STORE_FILE_BATCH = v1Endpoint({
  operationId: 'cancelVectorStoreFileBatch',
  summary: 'Cancel the files of a batch not yet ingested',
  description: 'Files already ingested stay; the others end cancelled.',
  ok: { description: 'The file batch object.' },
  errors: { 404: BATCH_NOT_FOUND },
});

export const LIST_VECTOR_STORE_FILE_BATCH_FILES = v1ListEndpoint({
  operationId: 'listVectorStoreFileBatchFiles',
  summary: 'The files of a batch',
  description: 'Cursor pagination; `filter` keeps one status.',
  item: 'vector store file',
  notFound: BATCH_NOT_FOUND,
});

export const SEARCH_VECTOR_STORE = v1Endpoint({
  operationId: 'searchVectorStore',
  summary: 'Search the chunks of a vector store (full text and embeddings), with attribute filters',
  description:
    '`query` is a string or an array of strings; `filters` compare and combine attributes; ' +
    '`ranking_options.score_threshold` (0 to 1) drops weaker hits; `rewrite_query` normalises ' +
    'the query first. Answers a vector_store.search_results.page.',
  ok: { description: 'A vector_store.search_results.page.' },
  errors: { 400: INVALID, 404: STORE_NOT_FOUND },
});
