import { connect } from 'node:net';
import { startTestApp, type TestApp } from '../utils/test-app';

/** REQUEST_TIMEOUT_MS: a client that trickles its request cannot hold a connection for long. */
describe('request timeout (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      listen: true,
      env: { REQUEST_TIMEOUT_MS: '400', RATE_LIMIT_MAX: '0' },
    });
  });
  afterAll(() => t.close());

  it('answers 408 and closes a connection whose body never arrives in full', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.setTimeout(15_000, () => socket.destroy());
      socket.write(
        'POST /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"query":',
      );
    });
    // A 408 at all proves Quarry answered before the socket's own 15 s give-up; no speed claim.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // In the error shape, with the request id and the security headers, like every other answer.
    const [head, body] = answer.split('\r\n\r\n');
    const requestId = /^x-request-id: (.+)$/im.exec(head)?.[1];
    expect(head).toMatch(/^x-content-type-options: nosniff$/im);
    expect(JSON.parse(body)).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      message: 'The request was not received within the time allowed',
      requestId,
    });
  });
});
