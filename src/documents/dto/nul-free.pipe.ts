import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { InvalidDocumentsRequestError } from '../documents.errors';

const NUL = '\u0000';

/**
 * Refuses a body, query or path value holding the NUL character (U+0000) anywhere, in a key or a
 * string, with a 400 naming where: PostgreSQL text cannot hold it, so a name, attribute or query
 * with one would otherwise reach the database and fail there as a 500.
 */
@Injectable()
export class NulFreePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'custom') assertNulFree(value, metadata.data ?? '');
    return value;
  }
}

/** Throws NulFreePipe's 400 when a key or string of value (found at path) holds NUL. */
export function assertNulFree(value: unknown, path: string): void {
  const at = nulAt(value, path);
  if (at !== undefined) {
    throw new InvalidDocumentsRequestError(
      `${at || 'The request body'} must not contain the NUL character (U+0000).`,
      at || null,
    );
  }
}

/** The path of the first key or string holding NUL ('' for the value itself), else undefined. */
function nulAt(root: unknown, rootPath: string): string | undefined {
  // Iterative: a body nested thousands deep must not overflow the stack.
  const pending: Array<[unknown, string]> = [[root, rootPath]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push([item, `${path}[${i}]`]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return at;
        pending.push([item, at]);
      }
    }
  }
  return undefined;
}
