import type { ReadinessRegistry } from '../../health';
import type { SearxngJsonClient } from './searxng-json.client';

const PROBE_TIMEOUT_MS = 2500;

/**
 * One readiness entry per meta-search address ("searxng:1", "searxng:2"... or "search-service"),
 * each a real JSON search through the client the searches use. They form one required group: the
 * service is unready only when no address answers, since a search fails over between them.
 */
export function registerMetaSearchReadiness(
  readiness: ReadinessRegistry,
  client: SearxngJsonClient,
  entries: ReadonlyArray<{ readonly name: string; readonly baseUrl: string }>,
): void {
  for (const { name, baseUrl } of entries) {
    const address = originOf(baseUrl);
    readiness.register({
      name,
      requiredGroup: 'meta-search',
      check: async () => {
        try {
          const { results } = await client.probe(baseUrl, AbortSignal.timeout(PROBE_TIMEOUT_MS));
          return { up: true, details: { address, results } };
        } catch (error) {
          return {
            up: false,
            reason: error instanceof Error ? error.message : String(error),
            details: { address },
          };
        }
      },
    });
  }
}

/** The address without credentials or path, safe to show. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}
