// Imported first by main.ts: instrumentation must be in place before the modules it patches load.
import { startTracing } from './tracing.bootstrap';

startTracing();
