/** What other modules may use of providers: the model ports, model selection and the numbered-sources format. */
export * from './model.ports';
export { ModelSelector } from './selection/model-selector.service';
export { MODEL_REF_SHAPES, type ModelKind, type ModelRef } from './selection/model-ref';
export { modelDefaultsConfig, type ModelDefaultsConfig } from './config/model-defaults.config';
export {
  formatNumberedSources,
  parseNumberedSources,
  type NumberedSource,
} from './numbered-sources.format';
export { BUILTIN_PROVIDER_ID } from './config/provider-id';
export { ModelCallError, InvalidModelSelectionError, type ModelCallFailure } from './model.errors';
export { MODEL_CALL_OBSERVER, type ModelCallObserver } from './model-call.observer';
