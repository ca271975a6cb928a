import { QuarryError } from '../../common/errors/quarry.error';

/** Every address of the meta-search backend failed (connection error, timeout, 5xx, bad reply). */
export class MetaSearchUnavailableError extends QuarryError {
  constructor(backend: string, detail: string) {
    super(`${backend} search backend unavailable: ${detail}`, 502);
  }
}

/** A web, academic or discussions search was asked for but no backend address is configured. */
export class MetaSearchNotConfiguredError extends QuarryError {
  constructor() {
    super(
      'No meta-search backend is configured (set SEARXNG_URL or SEARCH_SVC_URL); the local source works without one',
      503,
    );
  }
}
