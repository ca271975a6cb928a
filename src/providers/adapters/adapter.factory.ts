import { BuiltinAdapter } from '../builtin/builtin.adapter';
import type { ProviderSpec } from '../config/provider-spec';
import { OpenAiAdapter } from './openai.adapter';
import type { ProviderAdapter } from './provider-adapter';

/** The adapter speaking this provider type's protocol. */
export function createAdapter(spec: ProviderSpec, defaultTimeoutMs: number): ProviderAdapter {
  const timeoutMs = spec.config.timeoutMs || defaultTimeoutMs;
  switch (spec.type) {
    case 'builtin':
      return new BuiltinAdapter(spec);
    case 'openai':
      return new OpenAiAdapter(spec, timeoutMs);
    default:
      throw new Error(`provider type ${spec.type} is not supported yet`);
  }
}
