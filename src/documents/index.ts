/** What other modules may use of documents: the multipart routes and how to read their bodies. */
export { MULTIPART_ROUTES } from './multipart-upload';
export { documentsConfig } from './documents.config';
