import fc from 'fast-check';

/** Keys that have tripped JavaScript servers before: prototype pollution and inherited names. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
] as const;

/** Strings a validator must survive: empty, blank, control characters, astral unicode, long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 50 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 50 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\t\n\r',
      '\u202e\u200b\ufeff',
      '😀👨‍👩‍👧‍👦',
      '../../etc/passwd',
      '%2e%2e%2f',
      'null',
      '{"a":1}',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
    ),
  },
  // Long strings: past the query limit, and well into the body limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min: 1000, max: 200_000 }))
      .map(([unit, times]) => unit.repeat(times)),
  },
);

/** A structure nested `depth` levels deep (arrays or objects), with a value at the bottom. */
export const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 2000 }), fc.boolean(), fc.jsonValue({ maxDepth: 1 }))
  .map(([depth, asArrays, leaf]) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = asArrays ? [value] : { a: value };
    return value;
  });

/** Any JSON value, including hostile keys, long strings and deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1),
    hostileString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string()), tie('value'), {
      maxKeys: 5,
    }),
    deepNesting,
  ),
})).value;

const DROP = Symbol('drop');

/**
 * Objects derived from a valid body: up to three fields each dropped, replaced by a hostile value
 * or by a near-valid one from `nearValid` (which may name optional fields the valid body lacks);
 * sometimes hostile keys added. Many come out invalid, a good share stay valid.
 */
export function mutationsOf(
  valid: Record<string, unknown>,
  nearValid: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const fields = [...new Set([...Object.keys(valid), ...Object.keys(nearValid)])];
  const mutation: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) {
    mutation[field] = fc.oneof(
      { weight: 1, arbitrary: fc.constant(DROP) },
      { weight: 1, arbitrary: hostileValue },
      ...(nearValid[field] ? [{ weight: 3, arbitrary: nearValid[field] }] : []),
    );
  }
  return fc
    .tuple(
      fc.subarray(fields, { maxLength: 3 }),
      fc.record(mutation),
      fc.option(
        fc.dictionary(
          fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 10 })),
          hostileValue,
          { minKeys: 1, maxKeys: 2 },
        ),
        { freq: 3 },
      ),
    )
    .map(([touched, mutations, extra]) => {
      const body: Record<string, unknown> = {};
      const put = (key: string, value: unknown) =>
        // defineProperty so a generated "__proto__" becomes an own key, as JSON text would make it.
        Object.defineProperty(body, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      for (const field of fields) {
        const value = touched.includes(field) ? mutations[field] : valid[field];
        if (value !== DROP && value !== undefined) put(field, value);
      }
      for (const [key, value] of Object.entries(extra ?? {})) put(key, value);
      return body;
    });
}

/** A raw request body: mostly JSON text of the given objects, sometimes not JSON at all. */
export function rawBodies(objects: fc.Arbitrary<unknown>): fc.Arbitrary<RawBody> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: objects.map((value) => ({
        payload: JSON.stringify(value) ?? 'null',
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: hostileValue.map((value) => ({
        payload: JSON.stringify(value) ?? '',
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.oneof(
          fc.string(),
          fc.constantFrom('{', '{"a":', '[1,2', '{"__proto__":{"polluted":1}}', 'true', '""'),
        ),
        contentType: fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          '',
        ),
      }),
    },
  );
}

export interface RawBody {
  readonly payload: string;
  readonly contentType: string;
}
