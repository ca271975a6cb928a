import fc from 'fast-check';
import { LeanResponseBody } from './lean-response-body';
import { sseJsonEvents } from './sse-json-events';

type BodyKind = 'pushed' | 'iterated';

/**
 * The body as the OpenAI adapter gets it (a LeanResponseBody that undici feeds on later turns) or
 * as any other async iterable of bytes.
 */
function bodyOf(
  kind: BodyKind,
  chunks: ReadonlyArray<string | Uint8Array>,
  source = { resume: jest.fn(), abort: jest.fn() },
): AsyncIterable<Uint8Array> {
  const bytes = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  if (kind === 'iterated') {
    return (async function* () {
      for (const chunk of bytes) {
        await new Promise((resolve) => setImmediate(resolve));
        yield chunk;
      }
    })();
  }
  const body = new LeanResponseBody(source);
  void (async () => {
    for (const chunk of bytes) {
      await new Promise((resolve) => setImmediate(resolve));
      body.push(Buffer.from(chunk));
    }
    await new Promise((resolve) => setImmediate(resolve));
    body.end();
  })();
  return body;
}

async function emitted<T>(
  body: AsyncIterable<Uint8Array>,
  read: (event: unknown) => T,
  join?: (values: readonly T[]) => T,
): Promise<{ values: T[]; error?: unknown }> {
  const values: T[] = [];
  try {
    await sseJsonEvents(body, (value: T) => values.push(value), read, join);
    return { values };
  } catch (error) {
    return { values, error };
  }
}

describe.each<BodyKind>(['pushed', 'iterated'])('sseJsonEvents, %s body', (kind) => {
  const decode = async (chunks: Array<string | Uint8Array>) => {
    const { values, error } = await emitted(bodyOf(kind, chunks), (parsed) => parsed);
    if (error) throw error;
    return values;
  };

  it('parses the data of each event and stops at [DONE]', async () => {
    await expect(
      decode(['data: {"a":1}\n\ndata: {"a":2}\n\n', 'data: [DONE]\n\ndata: {"a":3}\n\n']),
    ).resolves.toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('reads CRLF and CR line ends, also split between chunks', async () => {
    await expect(decode(['data: {"a":1}\r', '\n\r\ndata: {"a":2}\r\r'])).resolves.toEqual([
      { a: 1 },
      { a: 2 },
    ]);
  });

  it('joins multi-line data, skips comments and other fields, drops an unfinished event', async () => {
    await expect(
      decode([': keep-alive\n\nevent: chunk\nid: 7\ndata: {"a":\ndata:[1]}\n\ndata: {"b":1}']),
    ).resolves.toEqual([{ a: [1] }]);
  });

  it('keeps a character whose bytes are split between chunks', async () => {
    const bytes = Buffer.from('data: {"t":"né"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1;
    await expect(decode([bytes.subarray(0, cut), bytes.subarray(cut)])).resolves.toEqual([
      { t: 'né' },
    ]);
  });

  it('emits what read makes of each event, and stops at what read throws', async () => {
    const read = (event: unknown) => {
      if ((event as { error?: string }).error) throw new Error((event as { error: string }).error);
      return (event as { n: number }).n * 10;
    };
    const { values, error } = await emitted(
      bodyOf(kind, ['data: {"n":1}\n\ndata: {"error":"upstream failed"}\n\ndata: {"n":2}\n\n']),
      read,
    );
    expect(values).toEqual([10]);
    expect(error).toEqual(new Error('upstream failed'));
  });

  it('throws on data that is not JSON', async () => {
    await expect(decode(['data: {nope\n\n'])).rejects.toThrow(SyntaxError);
  });

  it('gives the same events however the stream is cut', async () => {
    const events = [{ a: 'x\ny' }, { b: 'é→' }, { c: [1, 2] }];
    const text =
      events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join('') + 'data: [DONE]\n\n';
    const bytes = Buffer.from(text);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const at = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const chunks = at.slice(1).map((end, i) => bytes.subarray(at[i], end));
          expect(await decode(chunks)).toEqual(events);
        },
      ),
      { numRuns: 60 },
    );
  });

  describe('with join', () => {
    const joinSum = (values: readonly number[]) => values.reduce((sum, n) => sum + n, 0);
    const read = (event: unknown) => {
      if ((event as { error?: string }).error) throw new Error((event as { error: string }).error);
      return (event as { n: number }).n;
    };

    it('emits one value per read of the body: the events it completed, joined', async () => {
      const { values } = await emitted(
        bodyOf(kind, ['data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":', '3}\n\ndata: {"n":4}\n\n']),
        read,
        joinSum,
      );
      expect(values).toEqual([3, 7]);
    });

    it('emits nothing for a read that completes no event, and stops at [DONE]', async () => {
      const { values } = await emitted(
        bodyOf(kind, [
          'data: {"n":',
          '1}\n\n',
          'data: {"n":2}\n\ndata: [DONE]\n\ndata: {"n":5}\n\n',
        ]),
        read,
        joinSum,
      );
      expect(values).toEqual([1, 2]);
    });

    it('emits what came before a failing event of the same read, then throws', async () => {
      const { values, error } = await emitted(
        bodyOf(kind, ['data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"error":"upstream failed"}\n\n']),
        read,
        joinSum,
      );
      expect(values).toEqual([3]);
      expect(error).toEqual(new Error('upstream failed'));
    });
  });
});

describe('sseJsonEvents on a pushed body', () => {
  it('reads the body to its end after [DONE], leaving the connection reusable', async () => {
    const source = { resume: jest.fn(), abort: jest.fn() };
    const { values } = await emitted(
      bodyOf('pushed', ['data: {"a":1}\n\ndata: [DONE]\n\n', ': after\n\n'], source),
      (parsed) => parsed,
    );
    expect(values).toEqual([{ a: 1 }]);
    expect(source.abort).not.toHaveBeenCalled();
  });

  it('closes the exchange when an event fails, rather than reading on', async () => {
    const source = { resume: jest.fn(), abort: jest.fn() };
    const body = bodyOf('pushed', ['data: {nope\n\n', 'data: {"a":1}\n\n'], source);
    await expect(
      sseJsonEvents(
        body,
        () => undefined,
        (parsed) => parsed,
      ),
    ).rejects.toThrow(SyntaxError);
    expect(source.abort).toHaveBeenCalledWith(expect.any(SyntaxError));
  });

  it('decodes what arrived before it started reading, then what follows', async () => {
    const body = new LeanResponseBody({ resume: jest.fn(), abort: jest.fn() });
    body.push(Buffer.from('data: {"a":1}\n\n'));
    const values: unknown[] = [];
    const reading = sseJsonEvents(
      body,
      (value) => values.push(value),
      (parsed) => parsed,
    );
    expect(values).toEqual([{ a: 1 }]);
    body.push(Buffer.from('data: {"a":2}\n\n'));
    expect(values).toEqual([{ a: 1 }, { a: 2 }]);
    body.end();
    await reading;
  });
});
