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
