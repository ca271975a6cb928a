import { StringDecoder } from 'node:string_decoder';

/**
 * The JSON payloads of a server-sent event stream (the `data:` of each event, parsed and given to
 * `read`, whose result is yielded: one async generator per stream, not two), ending at
 * `[DONE]` as OpenAI-compatible servers write it. Lines may end in LF, CRLF or CR; comments and
 * other fields are skipped; an event left unfinished when the body ends is dropped, as the SDKs'
 * decoders do. The body is read to its end even after `[DONE]`, so the connection can be reused.
 *
 * Why not the SDK's decoder: it copies the buffered bytes for every event and runs three async
 * generators per event; on the search benchmark's 64-token answer it cost 0.5-0.75 ms of CPU, this
 * one 0.1-0.2 ms (docs/benchmarks.md, round three).
 */
export async function* sseJsonEvents<T>(
  body: AsyncIterable<Uint8Array>,
  read: (event: unknown) => T,
): AsyncGenerator<T> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let data: string[] = [];
  let done = false;
  const chunks = body[Symbol.asyncIterator]();
  let ended = false;
  try {
    while (!ended) {
      const next = await chunks.next();
      ended = next.done === true;
      const chunk = ended ? null : next.value;
      let text = pending + (chunk ? decoder.write(chunk as Buffer) : decoder.end());
      // A CR at the end may be the first half of a CRLF: keep it for the next chunk, if one comes.
      const heldCr = chunk !== null && text.endsWith('\r');
      if (heldCr) text = text.slice(0, -1);
      if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
      let start = 0;
      let end: number;
      while ((end = text.indexOf('\n', start)) !== -1) {
        const line = text.slice(start, end);
        start = end + 1;
        if (line === '') {
          if (data.length === 0) continue;
          const payload = data.length === 1 ? data[0] : data.join('\n');
          data = [];
          if (done) continue;
          if (payload.startsWith('[DONE]')) {
            done = true;
            continue;
          }
          yield read(JSON.parse(payload));
        } else if (line.startsWith('data:')) {
          data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
        } else if (line === 'data') {
          data.push('');
        }
      }
      pending = start === 0 ? text : text.slice(start);
      if (heldCr) pending += '\r';
    }
  } finally {
    // Stopped early (the caller returned or an event failed): release the body.
    if (!ended) await chunks.return?.();
  }
}
