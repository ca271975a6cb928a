import type { TestApp } from '../../utils/test-app';

export interface ModelChoice {
  readonly chatModel: { providerId: string; key: string };
  readonly embeddingModel: { providerId: string; key: string };
}

/** The chat and embedding models of the fake OpenAI provider, as /api/providers lists it. */
export async function fakeOpenAiModels(t: TestApp): Promise<ModelChoice> {
  const providers = (await t.app.inject({ method: 'GET', url: '/api/providers' })).json()
    .providers as Array<{ id: string; name: string }>;
  const id = providers.find((provider) => provider.name === 'OpenAI')!.id;
  return {
    chatModel: { providerId: id, key: 'gpt-4o-mini' },
    embeddingModel: { providerId: id, key: 'text-embedding-3-small' },
  };
}
