import { v5 as uuidv5 } from 'uuid';

/** Fixed namespace of Quarry provider ids; changing it would change every derived id. */
const PROVIDER_NAMESPACE = '8c0f6a52-4d3e-5b1a-9f27-6e1d2c3b4a50';

/** The same type and name give the same id on every restart and every replica. */
export function providerIdFor(type: string, name: string): string {
  return uuidv5(`${type}:${name}`, PROVIDER_NAMESPACE);
}

/** The built-in offline provider's id on every machine; the API examples use it so they run as shown. */
export const BUILTIN_PROVIDER_ID = providerIdFor('builtin', 'Built-in (offline)');
