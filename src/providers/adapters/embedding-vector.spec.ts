import { embeddingVector, float32LittleEndian } from './embedding-vector';

/** Little-endian float32 bytes of the numbers, as OpenAI's base64 embeddings carry them. */
function littleEndianBytes(numbers: readonly number[]): Buffer {
  const bytes = Buffer.alloc(numbers.length * 4);
  numbers.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes;
}

describe('embeddingVector', () => {
  const numbers = [0.5, -1.25, 3, 0.1];

  it('decodes base64 little-endian float32', () => {
    const vector = embeddingVector(littleEndianBytes(numbers).toString('base64'));
    expect(vector).toBeInstanceOf(Float32Array);
    expect(Array.from(vector)).toEqual(numbers.map((value) => Math.fround(value)));
  });

  it('takes an array of numbers as it is', () => {
    expect(embeddingVector(numbers)).toBe(numbers);
  });
});

describe('float32LittleEndian', () => {
  it('reads bytes that do not start on a 4-byte boundary', () => {
    const shifted = Buffer.alloc(1 + 4 * 3);
    littleEndianBytes([1.5, -2, 7]).copy(shifted, 1);
    const bytes = shifted.subarray(1);
    expect(bytes.byteOffset % 4).not.toBe(0);
    expect(Array.from(float32LittleEndian(bytes))).toEqual([1.5, -2, 7]);
  });
});
