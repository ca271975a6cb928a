/** What other modules may use of limits: the decorator declaring a handler a search (concurrency cap). */
export { SearchConcurrencyLimited } from './search-concurrency-limited.decorator';
/** The global search concurrency guard, for routes served outside Nest's pipeline (auth runs the global guards there). */
export { SearchConcurrencyGuard } from './search-concurrency.guard';
/** Per-caller counting for a concurrency cap of another module's own (connector actions). */
export { callerKeyOf } from './caller-key';
export { CallerSlots } from './caller-slots';
/** The rate limit of requests without valid credentials, which auth applies before validating a token. */
export { UnauthenticatedCallerLimiter } from './unauthenticated-caller.limiter';
