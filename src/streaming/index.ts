/** What other modules may use of streaming: the writers that pipe an Observable to a reply. */
export {
  NdjsonStreamEmitter,
  type NdjsonOutcome,
  type NdjsonPipeOptions,
} from './ndjson-stream.emitter';
export {
  ObservableBodyWriter,
  type ObservableBodyOptions,
  type StreamOutcome,
} from './observable-body.writer';
