import { registerAs } from '@nestjs/config';
import { IsInt, Min } from 'class-validator';
import { validateEnv } from '../common/config/validate-env';

class StreamingEnv {
  /**
   * Longest wait for the next event of a stream, NDJSON search or /v1 SSE (the model stalled, an
   * upstream hung); the stream then ends (without `done`, or with an error event) and its upstream
   * calls are aborted. 0 turns it off.
   */
  @IsInt()
  @Min(0)
  readonly STREAM_IDLE_TIMEOUT_MS: number = 60_000;
}

export const streamingConfig = registerAs('streaming', () => {
  const env = validateEnv(StreamingEnv);
  return { idleTimeoutMs: env.STREAM_IDLE_TIMEOUT_MS };
});
