import { Readable } from 'node:stream';
import fc from 'fast-check';
import { sseJsonEvents } from './sse-json-events';

async function decode(chunks: Array<string | Uint8Array>): Promise<unknown[]> {
  const body = Readable.from(
    chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
  );
  const events: unknown[] = [];
  for await (const event of sseJsonEvents(body, (parsed) => parsed)) events.push(event);
  return events;
}

describe('sseJsonEvents', () => {
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

  it('yields what read makes of each event, and stops at what read throws', async () => {
    const read = (event: unknown) => {
      if ((event as { error?: string }).error) throw new Error((event as { error: string }).error);
      return (event as { n: number }).n * 10;
    };
    const seen: number[] = [];
    const body = Readable.from([
      Buffer.from('data: {"n":1}\n\ndata: {"error":"upstream failed"}\n\ndata: {"n":2}\n\n'),
    ]);
    await expect(
      (async () => {
        for await (const n of sseJsonEvents(body, read)) seen.push(n);
      })(),
    ).rejects.toThrow('upstream failed');
    expect(seen).toEqual([10]);
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
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 })),
        async (cuts) => {
          const at = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const chunks = at.slice(1).map((end, i) => bytes.subarray(at[i], end));
          expect(await decode(chunks)).toEqual(events);
        },
      ),
    );
  });
  describe('with join', () => {
    const joinSum = (values: readonly number[]) => values.reduce((sum, n) => sum + n, 0);
    const read = (event: unknown) => {
      if ((event as { error?: string }).error) throw new Error((event as { error: string }).error);
      return (event as { n: number }).n;
    };
    async function decodeJoined(chunks: string[]): Promise<number[]> {
      const seen: number[] = [];
      for await (const n of sseJsonEvents(
        Readable.from(chunks.map((c) => Buffer.from(c))),
        read,
        joinSum,
      ))
        seen.push(n);
      return seen;
    }

    it('yields one value per read of the body: the events it completed, joined', async () => {
      await expect(
        decodeJoined(['data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":', '3}\n\ndata: {"n":4}\n\n']),
      ).resolves.toEqual([3, 7]);
    });

    it('yields nothing for a read that completes no event, and stops at [DONE]', async () => {
      await expect(
        decodeJoined([
          'data: {"n":',
          '1}\n\n',
          'data: {"n":2}\n\ndata: [DONE]\n\ndata: {"n":5}\n\n',
        ]),
      ).resolves.toEqual([1, 2]);
    });

    it('yields what came before a failing event of the same read, then throws', async () => {
      const seen: number[] = [];
      const body = Readable.from([
        Buffer.from('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"error":"upstream failed"}\n\n'),
      ]);
      await expect(
        (async () => {
          for await (const n of sseJsonEvents(body, read, joinSum)) seen.push(n);
        })(),
      ).rejects.toThrow('upstream failed');
      expect(seen).toEqual([3]);
    });
  });
});
