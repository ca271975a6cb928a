/**
 * The machine's floor under "CPU per token": a Node process that wakes every 10 ms and does nothing
 * else, as each token of the slow model (10 ms apart) wakes the service. The stream benchmark reads
 * its CPU while the bare relay runs its slow searches. It serves nothing, so it announces its timer
 * where the other helpers announce a URL.
 */
const INTERVAL_MS = 10;

setInterval(() => undefined, INTERVAL_MS);
process.stdout.write(`LISTENING timer:${INTERVAL_MS}ms\n`);
process.on('SIGTERM', () => process.exit(0));

// A module, not a script: its constants stay out of the global scope other scripts share.
export {};
