import { fromEvent, takeUntil, type MonoTypeOperatorFunction } from 'rxjs';
import type { SearchAnswer, SearchEvent } from './search-run';

/** An answer being joined by one caller alone, so events can be added in place. */
export interface JoiningAnswer {
  message: string;
  sources: SearchAnswer['sources'];
}

/** One event added to an answer only its caller holds, in place: `sources` replace, `response` chunks append. */
export function joinInto(answer: JoiningAnswer, event: SearchEvent): JoiningAnswer {
  if (event.type === 'sources') answer.sources = event.data;
  else answer.message += event.data;
  return answer;
}

/** Ends the events (unsubscribing, which aborts the run) when the client is gone. */
export function untilAborted<T>(signal: AbortSignal | undefined): MonoTypeOperatorFunction<T> {
  return (events) => (signal ? events.pipe(takeUntil(fromEvent(signal, 'abort'))) : events);
}
