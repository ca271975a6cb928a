import { UnsupportedParameterError } from './documents.errors';

/**
 * Refuses a body field outside the supported ones, by name: the global pipe strips unknown fields
 * silently, which for an OpenAI client would mean a setting (expires_after...) quietly not applied.
 */
export function refuseUnsupportedFields(body: unknown, supported: readonly string[]): void {
  if (body === null || typeof body !== 'object') return;
  const unknown = Object.keys(body).find((key) => !supported.includes(key));
  if (unknown !== undefined) throw new UnsupportedParameterError(unknown);
}
