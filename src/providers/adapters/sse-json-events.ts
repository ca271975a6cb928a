import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import { LeanResponseBody } from './lean-response-body';

const CR = 13;

/**
 * The JSON payloads of a server-sent event stream (the `data:` of each event, parsed and given to
 * `read`, whose result is emitted), ending at `[DONE]` as OpenAI-compatible servers write it. The
 * event stream format itself (LF, CRLF or CR line ends, comments, multi-line data, an event left
 * unfinished when the body ends dropped) is eventsource-parser's. The body is read to its end even
 * after `[DONE]`, so the connection can be reused.
 *
 * A LeanResponseBody (what leanFetch gives the SDK) pushes its chunks, decoded as they arrive with
 * no promise or generator step per token between the socket and `emit` (docs/benchmarks.md, round
 * eleven); any other body is iterated.
 * The returned promise settles when the body has ended, failing with what `read` or the body threw.
 *
 * With `join`, the events completed by one read of the body are emitted as one value (what `join`
 * makes of what `read` made of each): a model that writes many tokens at once (a zero-latency
 * server, or tokens queued behind a slow read) then costs one pass down the answer pipeline per
 * read instead of one per token; nothing arrives later than it would have. When `read` throws, what
 * it made of the earlier events of that read is emitted first.
 *
 * Why not the SDK's decoder: it copies the buffered bytes for every event and runs three async
 * generators per event; on the search benchmark's 64-token answer it cost 0.5-0.75 ms of CPU,
 * this path a fraction of that (docs/benchmarks.md, round three).
 */
export async function sseJsonEvents<T>(
  body: AsyncIterable<Uint8Array>,
  emit: (value: T) => void,
  read: (event: unknown) => T,
  join?: (values: readonly T[]) => T,
): Promise<void> {
  const decoder = new StringDecoder('utf8');
  // The data of the events completed by the chunk being fed; emptied after each chunk.
  const completed: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent: ({ data }) => {
      if (done) return;
      if (data.startsWith('[DONE]')) done = true;
      else completed.push(data);
    },
  });
  let endsInCr = false;
  const decode = (chunk: Uint8Array) => {
    const text = decoder.write(chunk as Buffer);
    if (text.length > 0) endsInCr = text.charCodeAt(text.length - 1) === CR;
    parser.feed(text);
    emitValues(completed, emit, read, join);
  };
  if (body instanceof LeanResponseBody) await body.forEach(decode);
  // for await returns the body when an event fails, releasing it.
  else for await (const chunk of body) decode(chunk);
  // The parser holds a final CR as the possible first half of a CRLF; the body has ended, so it
  // is a line end. An event without its blank line stays unfinished and is dropped.
  parser.feed(decoder.end() + (endsInCr ? '\n' : ''));
  emitValues(completed, emit, read, join);
}

/**
 * Emits the values of the events one read completed (one per event, or with `join` one for them
 * all) and empties `completed`; what failed is thrown after what did not is emitted.
 */
function emitValues<T>(
  completed: string[],
  emit: (value: T) => void,
  read: (event: unknown) => T,
  join: ((values: readonly T[]) => T) | undefined,
): void {
  if (completed.length === 0) return;
  try {
    if (!join || completed.length < 2) {
      for (const data of completed) emit(read(JSON.parse(data)));
      return;
    }
    const values: T[] = [];
    let failure: { error: unknown } | undefined;
    for (const data of completed) {
      try {
        values.push(read(JSON.parse(data)));
      } catch (error) {
        failure = { error };
        break;
      }
    }
    if (values.length > 0) emit(join(values));
    if (failure) throw failure.error;
  } finally {
    completed.length = 0;
  }
}
