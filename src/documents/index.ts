/** What other modules may use of documents: its settings (the upload limit). */
export { documentsConfig } from './documents.config';
