/**
 * Preloaded into the service process by the soak run (node -r): sends process.memoryUsage() to the
 * parent over the IPC channel every few seconds. Nothing is exposed on the network, nothing in the
 * service changes, and no --expose-gc is needed.
 */
const INTERVAL_MS = Number(process.env.SOAK_MEMORY_SAMPLE_MS ?? 2000);

if (typeof process.send === 'function') {
  const timer = setInterval(() => {
    const { heapUsed, heapTotal, rss, external } = process.memoryUsage();
    process.send?.({ kind: 'memory', at: Date.now(), heapUsed, heapTotal, rss, external });
  }, INTERVAL_MS);
  timer.unref();
}
