import { Agent, fetch as undiciFetch } from 'undici';
import { leanFetch } from './lean-fetch';

/**
 * A fetch for one provider's SDK client, on an agent the provider owns, both from the npm undici.
 * The SDKs would otherwise use the global fetch, which is Node's bundled undici on its global
 * dispatcher: shared with anything else in the process that sets one, and a different undici than
 * the one the rest of Quarry's clients use (mixing the two is what broke the SearxNG client).
 */
export function providerFetch(): typeof globalThis.fetch {
  const dispatcher = new Agent();
  // The npm undici's Request/Response classes are not the global ones, but every SDK only reads them.
  return ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) =>
    undiciFetch(input, { ...init, dispatcher })) as unknown as typeof globalThis.fetch;
}

/** providerFetch for the SDKs that read a Response only as LeanResponse allows (lean-fetch.ts). */
export function leanProviderFetch(): typeof globalThis.fetch {
  return leanFetch(new Agent());
}
