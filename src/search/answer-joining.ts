import { fromEvent, takeUntil, type MonoTypeOperatorFunction } from 'rxjs';
import type { SearchAnswer, SearchEvent } from './search-run';

/** Where joining a run's events starts: no text, no sources yet. */
export const NO_ANSWER: SearchAnswer = { message: '', sources: [] };

/** One event added to the whole answer: `sources` replace, `response` chunks append. */
export function addToAnswer<A extends SearchAnswer>(answer: A, event: SearchEvent): A {
  return event.type === 'sources'
    ? { ...answer, sources: event.data }
    : { ...answer, message: answer.message + event.data };
}

/** An answer being joined by one caller alone, so events can be added in place. */
export interface JoiningAnswer {
  message: string;
  sources: SearchAnswer['sources'];
}

/** addToAnswer without a copy per event: for an answer only its caller holds. */
export function joinInto(answer: JoiningAnswer, event: SearchEvent): JoiningAnswer {
  if (event.type === 'sources') answer.sources = event.data;
  else answer.message += event.data;
  return answer;
}

/** Ends the events (unsubscribing, which aborts the run) when the client is gone. */
export function untilAborted<T>(signal: AbortSignal | undefined): MonoTypeOperatorFunction<T> {
  return (events) => (signal ? events.pipe(takeUntil(fromEvent(signal, 'abort'))) : events);
}
