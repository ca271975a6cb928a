/** What other modules may use of completions: follow-up questions (POST /api/suggestions), OpenAI's error shape (the API document). */
export { RelatedQuestionsWriter } from './related/related-questions.writer';
export { OpenAiErrorBody } from './errors/openai-error-body';
export { isOpenAiPath, openAiErrorBody } from './errors/openai-error.presenter';
export {
  CHAT_COMPLETION_STREAM_EVENT,
  CHAT_COMPLETION_STREAM_EVENT_SCHEMA,
} from './chat-completion.openapi';
