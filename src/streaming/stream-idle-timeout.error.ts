import { QuarryError } from '../common/errors/quarry.error';

/** No stream event came within the idle timeout (the model stalled, an upstream hung). */
export class StreamIdleTimeoutError extends QuarryError {
  constructor(readonly idleMs: number) {
    super(`no stream event within ${idleMs} ms`, 504);
  }
}
