import { randomBytes } from 'node:crypto';
import {
  getWithInformational,
  sendRaw,
  sendWithInformational,
  sha256,
  uploadExpectingContinue,
  writeOnAfterAnswer,
} from '../test/utils/raw-http';
import { distEnv } from './support/dist-env';

interface Echo {
  sibling: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  bodyBytes: number;
  bodySha256: string;
}

const ERROR_SHAPE = {
  statusCode: expect.any(Number),
  error: expect.any(String),
  message: expect.any(String),
  requestId: expect.any(String),
};

/**
 * What real clients send at the edges of HTTP, against the built service with AUTH_REQUIRED=true
 * (issue 35). The discover sibling is the echo fake: its reply describes what it received.
 */
describe('the built service at the edges of HTTP', () => {
  const env = distEnv();
  const bearer = { authorization: `Bearer ${env.token}` };
  const url = (path: string) => `${env.quarryUrl}${path}`;

  describe('Expect: 100-continue, as curl sends a body over 1 MiB', () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 0x71);

    it('forwards the 2 MiB body byte for byte after 100 Continue', async () => {
      const res = await uploadExpectingContinue(url('/api/v1/discover/uploads'), body, bearer);
      expect({ continued: res.continued, status: res.status }).toEqual({
        continued: true,
        status: 200,
      });
      const echo = JSON.parse(res.body) as Echo;
      expect(echo).toMatchObject({ method: 'POST', bodyBytes: body.length });
      expect(echo.bodySha256).toBe(sha256(body));
      expect(echo.headers.expect).toBeUndefined();
    });

    it('answers 401 without asking for the body when there is no token', async () => {
      const res = await uploadExpectingContinue(url('/api/v1/discover/uploads'), body);
      expect({ continued: res.continued, status: res.status }).toEqual({
        continued: false,
        status: 401,
      });
    });

    it('forwards a request with an expectation it does not know instead of answering 417', async () => {
      const res = await getWithInformational(url('/api/v1/discover/x'), {
        ...bearer,
        expect: 'something-else',
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ sibling: 'discover', method: 'GET' });
    });

    it("passes on a 417 only when it is the sibling's", async () => {
      const res = await uploadExpectingContinue(
        url('/api/v1/discover/uploads?echo=status&code=417'),
        body,
        bearer,
      );
      expect(res.status).toBe(417);
      expect(JSON.parse(res.body)).toMatchObject({ sibling: 'discover', bodyBytes: body.length });
    });
  });

  describe('a body over BODY_LIMIT_BYTES (1 MiB here)', () => {
    const { host } = new URL(env.quarryUrl);
    const head = (framing: string) =>
      `POST /api/search HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${env.token}\r\n` +
      `Content-Type: application/json\r\n${framing}\r\n`;
    const next = `GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
    const chunk = (bytes: Buffer) =>
      Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);

    it('answers 413 to a client still writing it, reads the rest, and keeps the connection', async () => {
      const body = Buffer.alloc(2 * 1024 * 1024, 0x20);
      const res = await writeOnAfterAnswer(env.quarryUrl, {
        head: head(`Content-Length: ${body.length}\r\n`),
        first: body.subarray(0, 64 * 1024),
        rest: [body.subarray(64 * 1024)],
        next,
      });
      expect(res.ended).toBeUndefined();
      expect(res.answers.map((answer) => answer.status)).toEqual([413, 200]);
      expect(JSON.parse(res.answers[0].body)).toEqual({ ...ERROR_SHAPE, statusCode: 413 });
    });

    it('does the same for a chunked body that passes the limit as it comes', async () => {
      const res = await writeOnAfterAnswer(env.quarryUrl, {
        head: head('Transfer-Encoding: chunked\r\n'),
        first: chunk(Buffer.alloc(1536 * 1024, 0x20)),
        rest: [chunk(Buffer.alloc(512 * 1024, 0x20)), Buffer.from('0\r\n\r\n')],
        next,
      });
      expect(res.ended).toBeUndefined();
      expect(res.answers.map((answer) => answer.status)).toEqual([413, 200]);
    });

    it('closes the connection after the 413 when the body declared is over 16 MiB', async () => {
      const res = await writeOnAfterAnswer(env.quarryUrl, {
        head: head(`Content-Length: ${32 * 1024 * 1024}\r\n`),
        first: Buffer.alloc(64 * 1024, 0x20),
        rest: [],
        next,
      });
      expect(res.answers.map((answer) => [answer.status, answer.headers.connection])).toEqual([
        [413, 'close'],
      ]);
    });

    it('cuts the connection once over 16 MiB of a refused chunked body came', async () => {
      const res = await writeOnAfterAnswer(env.quarryUrl, {
        head: head('Transfer-Encoding: chunked\r\n'),
        first: chunk(Buffer.alloc(1536 * 1024, 0x20)),
        rest: [chunk(Buffer.alloc(17 * 1024 * 1024, 0x20)), Buffer.from('0\r\n\r\n')],
        next,
      });
      expect(res.answers.map((answer) => answer.status)).toEqual([413]);
      expect(res.ended).toBeDefined();
    });

    it('answers 413 to Expect: 100-continue without asking for the body, and closes', async () => {
      const res = await uploadExpectingContinue(url('/api/search'), Buffer.alloc(2 * 1024 * 1024), {
        ...bearer,
        'content-type': 'application/json',
      });
      expect({ continued: res.continued, status: res.status }).toEqual({
        continued: false,
        status: 413,
      });
      expect(res.headers.connection).toBe('close');
    });

    it('asks for a body within the limit and answers it', async () => {
      const res = await uploadExpectingContinue(
        url('/api/search'),
        Buffer.from(JSON.stringify({ query: 'x' })),
        { ...bearer, 'content-type': 'application/json' },
      );
      expect({ continued: res.continued, status: res.status }).toEqual({
        continued: true,
        status: 400,
      });
    });
  });

  describe('a Content-Type without a body', () => {
    it.each([
      ['DELETE', { 'content-type': 'application/json' }],
      ['POST', { 'content-type': 'application/octet-stream', 'content-length': '0' }],
    ])('forwards a %s naming %j', async (method, headers) => {
      const res = await fetch(url('/api/v1/discover/x'), {
        method,
        headers: { ...bearer, ...headers },
      });
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo).toMatchObject({ method, bodyBytes: 0 });
      expect(echo.headers['content-type']).toBe(headers['content-type']);
    });

    it("routes it on Quarry's own routes, and answers 404 where there is no route", async () => {
      const own = await fetch(url('/api/search'), {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
      });
      expect(own.status).toBe(400);
      expect(JSON.stringify(await own.json())).not.toMatch(/Body cannot be empty/);
      const none = await fetch(url('/api/nowhere'), {
        method: 'DELETE',
        headers: { ...bearer, 'content-type': 'application/json' },
      });
      expect(none.status).toBe(404);
    });
  });

  it('answers 401 before reading a malformed body when there is no token', async () => {
    const res = await fetch(url('/api/search'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="quarry"/);
  });

  describe("a sibling's informational replies", () => {
    it('relays 103 Early Hints, then delivers the reply', async () => {
      const res = await getWithInformational(url('/api/v1/discover/x?echo=early-hints'), bearer);
      expect(res.informational).toEqual([
        {
          status: 103,
          headers: expect.objectContaining({ link: '</style.css>; rel=preload; as=style' }),
        },
      ]);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ sibling: 'discover' });
    });

    // The memory sibling is a raw TCP fake: it writes the listed 1xx replies as soon as a request's
    // head arrives, then 200 with the request body echoed (test/fakes/interim-replies-sibling.server.ts).
    describe('1xx replies nobody asked for (RFC 9110 section 15.2)', () => {
      const upload = randomBytes(1024 * 1024);

      it('skips an unsolicited 100 Continue and delivers the reply to a GET', async () => {
        const res = await getWithInformational(url('/api/v1/memory/notes?interim=100'), bearer);
        expect(res.informational).toEqual([]);
        expect(res.status).toBe(200);
        expect(res.headers['x-interim-sent']).toBe('100');
        expect(JSON.parse(res.body)).toEqual({ empty: true });
      });

      it('skips 100, 100 and 199 before the reply to an upload; both bodies byte for byte', async () => {
        const res = await sendWithInformational(url('/api/v1/memory/uploads?interim=100,100,199'), {
          method: 'POST',
          headers: { ...bearer, 'content-type': 'application/octet-stream' },
          body: upload,
        });
        expect(res.informational).toEqual([]);
        expect(res.status).toBe(200);
        expect(res.headers['x-interim-sent']).toBe('100,100,199');
        expect(res.headers['content-length']).toBe(String(upload.length));
        expect(res.bodySha256).toBe(sha256(upload));
      });

      it("meets the client's Expect: 100-continue once, then skips the sibling's own 100", async () => {
        const body = Buffer.alloc(2 * 1024 * 1024, 0x71);
        const res = await uploadExpectingContinue(
          url('/api/v1/memory/uploads?interim=100'),
          body,
          bearer,
        );
        expect({ informational: res.informational, status: res.status }).toEqual({
          informational: [100],
          status: 200,
        });
        expect(sha256(Buffer.from(res.body))).toBe(sha256(body));
      });

      it('answers the next requests after them, each with its own reply', async () => {
        await getWithInformational(url('/api/v1/memory/notes?interim=100,100'), bearer);
        const plain = await getWithInformational(url('/api/v1/memory/notes'), bearer);
        expect(plain.status).toBe(200);
        expect(plain.headers['x-interim-sent']).toBe('none');
        const sent = await sendWithInformational(url('/api/v1/memory/uploads?interim=100'), {
          method: 'PUT',
          headers: { ...bearer, 'content-type': 'application/octet-stream' },
          body: upload,
        });
        expect(sent.status).toBe(200);
        expect(sent.bodySha256).toBe(sha256(upload));
      });
    });
  });

  it('keeps the headers a sibling names in its Connection header from the client', async () => {
    const res = await getWithInformational(url('/api/v1/discover/x?echo=hop-named'), bearer);
    expect(res.status).toBe(200);
    expect(res.headers['x-sibling-hop']).toBeUndefined();
  });

  describe("Fastify's and Node's own answers carry the error shape and the usual headers", () => {
    it.each([
      [
        'a URL Fastify cannot decode',
        'GET /api/v1/discover/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        400,
      ],
      [
        'headers over the size limit',
        `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
      ],
      ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', 400],
    ])('%s', async (_what, bytes, status) => {
      const res = await sendRaw(env.quarryUrl, bytes);
      expect(res.status).toBe(status);
      const body = JSON.parse(res.body) as { requestId: string };
      expect(body).toEqual({ ...ERROR_SHAPE, statusCode: status });
      expect(res.headers['x-request-id']).toBe(body.requestId);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  it('names a __proto__ key instead of calling the body invalid JSON', async () => {
    const res = await fetch(url('/api/search'), {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: '{"__proto__": {"polluted": true}, "query": "x"}',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The body has a "__proto__" key, which is not accepted: remove it',
    );
  });
});
