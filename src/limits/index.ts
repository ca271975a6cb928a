/** What other modules may use of limits: the decorator declaring a handler a search (concurrency cap). */
export { SearchConcurrencyLimited } from './search-concurrency-limited.decorator';
