import { endianness } from 'node:os';
import type { EmbeddingVector } from '../model.ports';

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * One embedding as an OpenAI-compatible server sent it: base64 of little-endian float32 (what
 * OpenAI sends for 'base64'), decoded without a per-number parse; an array (a server that ignored
 * encoding_format, or 'float') as it is.
 */
export function embeddingVector(embedding: readonly number[] | string): EmbeddingVector {
  if (typeof embedding !== 'string') return embedding;
  return float32LittleEndian(Buffer.from(embedding, 'base64'));
}

/**
 * Little-endian float32 bytes as a Float32Array: a view over them when the platform's byte order
 * and their 4-byte alignment allow (Buffer's pool aligns to 8), otherwise a copy read number by
 * number.
 */
export function float32LittleEndian(bytes: Uint8Array): Float32Array {
  const length = bytes.length >> 2;
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) {
    return new Float32Array(bytes.buffer, bytes.byteOffset, length);
  }
  const vector = new Float32Array(length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0; i < length; i++) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}
