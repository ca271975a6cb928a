import type { ModelDefaultsConfig } from '../config/model-defaults.config';
import type { ModelRegistry, ProviderDescriptor } from '../model.ports';
import { ModelSelector } from './model-selector.service';

const OPENAI = 'aaaaaaaa-0000-4000-8000-000000000001';
const GROQ = 'aaaaaaaa-0000-4000-8000-000000000002';
const VLLM = 'aaaaaaaa-0000-4000-8000-000000000003';
const BUILTIN = 'aaaaaaaa-0000-4000-8000-000000000004';

const PROVIDERS: ProviderDescriptor[] = [
  {
    id: OPENAI,
    name: 'OpenAI',
    type: 'openai',
    chatModels: [m('gpt-4o-mini'), m('llama-3')],
    embeddingModels: [m('text-embedding-3-small')],
  },
  { id: GROQ, name: 'Groq', type: 'openai', chatModels: [m('llama-3')], embeddingModels: [] },
  { id: VLLM, name: 'Local vLLM', type: 'openai', chatModels: [m('qwen')], embeddingModels: [] },
  {
    id: BUILTIN,
    name: 'Built-in (offline)',
    type: 'builtin',
    chatModels: [m('extractive')],
    embeddingModels: [m('hashing')],
  },
];

function m(key: string) {
  return { key, name: key.toUpperCase() };
}

function selector(defaults: Partial<ModelDefaultsConfig> = {}) {
  const registry: ModelRegistry = {
    listActive: () => PROVIDERS,
    chatModel: (providerId, key) => ({ providerId, key }) as never,
    embeddingModel: (providerId, key) => ({ providerId, key }) as never,
  };
  return new ModelSelector(registry, { chat: undefined, embedding: undefined, ...defaults });
}

describe('ModelSelector', () => {
  it('defaults to the first model of the first active provider, embedding from the chat provider', () => {
    const s = selector();
    expect(s.chatModel(undefined)).toEqual({ providerId: OPENAI, key: 'gpt-4o-mini' });
    expect(s.embeddingModel(undefined, 'embeddingModel', BUILTIN)).toEqual({
      providerId: BUILTIN,
      key: 'hashing',
    });
    expect(s.embeddingModel(undefined, 'embeddingModel', GROQ)).toEqual({
      providerId: OPENAI,
      key: 'text-embedding-3-small',
    });
  });

  it('uses the configured defaults, and answers 503 when they are not active', () => {
    const s = selector({ chat: { providerId: BUILTIN, key: 'extractive' } });
    expect(s.chatModel(undefined)).toEqual({ providerId: BUILTIN, key: 'extractive' });
    const gone = selector({ embedding: { providerId: BUILTIN, key: 'nope' } });
    expect(() => gone.embeddingModel(undefined)).toThrow(
      expect.objectContaining({ statusCode: 503 }),
    );
  });

  it.each([
    [{ provider: 'openai', name: 'gpt-4o-mini' }, OPENAI],
    [{ provider: 'groq', name: 'llama-3' }, GROQ],
    [{ provider: 'Local vLLM', model: 'qwen' }, VLLM],
    [{ provider: 'local_vllm', name: 'qwen' }, VLLM],
    [{ provider: 'custom_openai', name: 'qwen' }, VLLM],
    [{ provider: 'builtin', name: 'extractive' }, BUILTIN],
    [{ provider: BUILTIN, name: 'extractive' }, BUILTIN],
  ])('resolves the older reference %j', (ref, providerId) => {
    const key = 'name' in ref ? ref.name : ref.model;
    expect(selector().chatModel(ref)).toEqual({ providerId, key });
  });

  it('answers 400 listing the choices for an ambiguous, unknown provider or unknown model', () => {
    const s = selector();
    expect(() => s.chatModel({ provider: 'custom_openai', name: 'llama-3' })).toThrow(
      /ambiguous.*groq.*Groq/,
    );
    expect(() => s.chatModel({ provider: 'mistral', name: 'x' })).toThrow(
      /matches no active provider; valid providers: openai \(OpenAI\), groq/,
    );
    expect(() => s.chatModel({ provider: 'openai', name: 'gpt-5' })).toThrow(
      /valid chat model keys: openai: gpt-4o-mini, llama-3/,
    );
  });
});
