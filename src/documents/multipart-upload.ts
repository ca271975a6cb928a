import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FileTooLargeError, InvalidDocumentsRequestError } from './documents.errors';
import { assertNulFree } from './dto/nul-free.pipe';

export interface UploadedFile {
  readonly field: string;
  readonly filename: string;
  readonly content: Buffer;
}

export interface MultipartForm {
  readonly fields: Record<string, string>;
  readonly files: UploadedFile[];
}

/** What @fastify/busboy says of a body that is not multipart as its header announced. */
const MALFORMED_MULTIPART = /boundary (not found|required)|unexpected end of multipart data/i;

/**
 * Reads a multipart form: its text fields and its files, each read whole but never past
 * FILES_MAX_BYTES (the multipart plugin stops the stream there; the caller gets a 413).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new InvalidDocumentsRequestError('the body must be multipart/form-data', 'file');
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 20, fields: 20 },
    })) {
      if (part.type === 'file') {
        files.push({
          field: part.fieldname,
          filename: part.filename,
          content: await readWhole(part, maxBytes),
        });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // The parser's errors are about the body the client sent; the plugin's carry their status
    // (413 for limits), and anything else is not the client's.
    if (!MALFORMED_MULTIPART.test((error as Error)?.message ?? '')) throw error;
    throw new InvalidDocumentsRequestError(
      `the multipart body could not be read: ${(error as Error).message}`,
      'file',
    );
  }
  assertNulFree(fields, '');
  for (const file of files) assertNulFree(file.filename, file.field);
  return { fields, files };
}

async function readWhole(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new FileTooLargeError(maxBytes);
    throw error;
  }
}
