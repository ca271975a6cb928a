import { FakeAuthServer } from '../test/fakes/fake-auth.server';
import { WebhookReceiver } from '../test/fakes/webhook-receiver.server';
import { QuarryProcess } from './support/quarry-process';

const MAX_RESPONSE_BYTES = 65_536;
const MAX_CONCURRENT = 2;

/**
 * What one caller can make the built service hold through the webhook connector: a reply over
 * WEBHOOK_MAX_RESPONSE_BYTES is refused unread, and at most CONNECTOR_MAX_CONCURRENT_PER_CLIENT
 * actions run at once per caller.
 */
describe('the built service, webhook connector limits', () => {
  let auth: FakeAuthServer;
  let receiver: WebhookReceiver;
  let quarry: QuarryProcess;

  beforeAll(async () => {
    [auth, receiver] = await Promise.all([FakeAuthServer.start(), WebhookReceiver.start()]);
    auth.users.set('alice-token', { id: 'alice' });
    auth.users.set('bob-token', { id: 'bob' });
    quarry = await QuarryProcess.start({
      NODE_ENV: 'production',
      AUTH_REQUIRED: 'true',
      AUTH_SERVICE_URL: auth.url,
      CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_MAX_RESPONSE_BYTES: String(MAX_RESPONSE_BYTES),
      CONNECTOR_MAX_CONCURRENT_PER_CLIENT: String(MAX_CONCURRENT),
      WEBHOOK_MAX_RETRIES: '2',
      WEBHOOK_RETRY_DELAY_MS: '1',
    }).catch(async (error: unknown) => {
      await Promise.all([auth.close(), receiver.close()]);
      throw error;
    });
  }, 60_000);
  afterEach(() => receiver.clear());
  afterAll(async () => {
    await quarry?.stop();
    await Promise.all([auth?.close(), receiver?.close()]);
  });

  function get(token: string, path = '/hook', signal?: AbortSignal): Promise<Response> {
    return fetch(`${quarry.url}/api/connectors/webhook/actions/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url(path) }),
      signal,
    });
  }

  /** Waits until the receiver has this many requests (a hang is bounded by the test's timeout). */
  async function received(count: number): Promise<void> {
    while (receiver.requests.length < count) await new Promise((r) => setTimeout(r, 20));
  }

  const big = Buffer.alloc(4 * 1024 * 1024, 'z');
  const refused = {
    status_code: 200,
    headers: expect.objectContaining({ 'x-remote': 'yes' }) as unknown,
    body: null,
    success: false,
    error: `webhook GET failed after 1 attempt: the reply body exceeds WEBHOOK_MAX_RESPONSE_BYTES (${MAX_RESPONSE_BYTES} bytes); it was not read`,
  };

  it.each([
    ['announced by Content-Length', false],
    ['sent chunked, growing past the limit', true],
  ])(
    'refuses a reply over the limit (%s) unread: 502 with its status and headers, body null, not retried',
    async (_how, chunked) => {
      receiver.answerAlways({ headers: [['x-remote', 'yes']], body: big, chunked });
      const res = await get('alice-token');
      const text = await res.text();
      expect(res.status).toBe(502);
      expect(JSON.parse(text)).toEqual(refused);
      // The answer carries none of the 4 MiB (it used to carry the first 64 KiB, and 5 MiB by default).
      expect(text.length).toBeLessThan(1024);
      expect(receiver.requests).toHaveLength(1);
    },
  );

  it('returns a chunked reply of exactly the limit whole', async () => {
    receiver.script({ body: 'y'.repeat(MAX_RESPONSE_BYTES), chunked: true });
    const res = await get('alice-token');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, body: 'y'.repeat(MAX_RESPONSE_BYTES) });
  });

  it('answers a caller its limit+1-th running action 429 in the error shape; other callers and later actions go through', async () => {
    receiver.script({ held: true }, { held: true });
    const running = [get('alice-token', '/first'), get('alice-token', '/second')];
    await received(MAX_CONCURRENT);

    const third = await get('alice-token', '/third');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(third.headers.get('x-request-id')).toBeTruthy();
    expect(await third.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many connector actions at once: at most ${MAX_CONCURRENT} per caller may run at the same time; retry after one finishes`,
      requestId: third.headers.get('x-request-id'),
    });
    const bob = await get('bob-token', '/bob');
    expect(bob.status).toBe(200);

    receiver.releaseHeld();
    expect((await Promise.all(running)).map((res) => res.status)).toEqual([200, 200]);
    expect((await get('alice-token', '/later')).status).toBe(200);
    const paths = receiver.requests.map((r) => r.path);
    // The two running ones arrive in either order.
    expect([...paths.slice(0, 2).sort(), ...paths.slice(2)]).toEqual([
      '/first',
      '/second',
      '/bob',
      '/later',
    ]);
  });

  it('keeps a slot until the action settles, even when its caller has gone', async () => {
    receiver.script({ held: true }, { held: true });
    const callers = [new AbortController(), new AbortController()];
    const gone = callers.map((caller, i) =>
      get('alice-token', `/gone-${i}`, caller.signal).catch(() => undefined),
    );
    await received(MAX_CONCURRENT);
    for (const caller of callers) caller.abort();
    await Promise.all(gone);

    // The two actions still run (they are not aborted with their callers): no room for a third.
    expect((await get('alice-token', '/meanwhile')).status).toBe(429);
    receiver.releaseHeld();
    // Once they settle, alice is admitted again (asked until then: a slot never given back keeps
    // answering 429 until the test's timeout).
    let later = await get('alice-token', '/after');
    while (later.status === 429) {
      await new Promise((r) => setTimeout(r, 20));
      later = await get('alice-token', '/after');
    }
    expect(later.status).toBe(200);
    const paths = receiver.requests.map((r) => r.path);
    expect([...paths.slice(0, 2).sort(), ...paths.slice(2)]).toEqual([
      '/gone-0',
      '/gone-1',
      '/after',
    ]);
  });
});
