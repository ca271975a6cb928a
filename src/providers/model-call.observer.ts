import type { ChatModel, EmbeddingModel } from './model.ports';

/**
 * Wraps the models the registry hands out, once per model, to watch their calls (observability
 * measures and traces them). A port so that providers need not know who watches.
 */
export interface ModelCallObserver {
  chat(model: ChatModel): ChatModel;
  embedding(model: EmbeddingModel): EmbeddingModel;
}

/** The ModelCallObserver, or null (or absent) when nothing watches model calls. */
export const MODEL_CALL_OBSERVER = Symbol('providers:model-call-observer');
