import { getSchemaPath } from '@nestjs/swagger';
import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { BUILTIN_PROVIDER_ID } from '../providers';
import { ChatCompletionRequestDto } from './dto/chat-completion-request.dto';
import { ChatCompletionChunkDto, ChatCompletionDto } from './dto/chat-completion-response.dto';
import { OpenAiErrorBody } from './errors/openai-error-body';

/** The data of one server-sent event, named so that generated clients get a type for it. */
export const CHAT_COMPLETION_STREAM_EVENT = 'ChatCompletionStreamEvent';

/** A chunk; an error that ended the stream after it started; or the text [DONE], last. */
export const CHAT_COMPLETION_STREAM_EVENT_SCHEMA = {
  description:
    'The data of one server-sent event: a chat.completion.chunk; or, when the run failed after ' +
    'the stream started, an error in the shape of OpenAI and the end of the stream; or, last ' +
    'after a complete run, the text [DONE] (not JSON).',
  oneOf: [
    { $ref: getSchemaPath(ChatCompletionChunkDto) },
    { $ref: getSchemaPath(OpenAiErrorBody) },
    { type: 'string', enum: ['[DONE]'] },
  ],
};

const REQUEST = {
  type: ChatCompletionRequestDto,
  examples: {
    local: {
      summary: 'Local documents with the built-in model, offline',
      value: {
        model: `${BUILTIN_PROVIDER_ID}/extractive`,
        messages: [{ role: 'user', content: 'How are meta-search results cached?' }],
        search_mode: 'local',
        max_sources: 3,
      },
    },
  },
};

const ERRORS: QuarryEndpointOptions['errors'] = {
  400: {
    description: 'invalid_request_error: a field is invalid (param names it).',
    example: {
      error: {
        message: 'messages must be a non-empty array of { role, content }',
        type: 'invalid_request_error',
        param: 'messages',
        code: null,
      },
    },
  },
  401: 'Missing or invalid bearer token.',
  404: {
    description: 'model_not_found: see GET /v1/models.',
    example: {
      error: {
        message:
          'The model `acme/gpt-5` does not exist. GET /v1/models lists the usable ids (<providerId>/<chatModelKey>) and aliases.',
        type: 'invalid_request_error',
        param: 'model',
        code: 'model_not_found',
      },
    },
  },
  429: 'Rate limited; Retry-After says when to retry.',
  502: 'The model provider or every search backend failed.',
  503: 'No search backend configured, or the provider is rate limiting.',
  504: 'The model provider timed out.',
};

/** POST /v1/chat/completions as the document describes it. */
export const CREATE_CHAT_COMPLETION: QuarryEndpointOptions = {
  operationId: 'createChatCompletion',
  summary: 'Search-grounded chat completion (OpenAI Chat Completions + Perplexity Sonar fields)',
  description:
    'Answers the last user message from fresh search results, citing them as [n]. The response ' +
    "is OpenAI's chat.completion with message.annotations (url_citation per marker) plus Sonar's " +
    "citations, search_results and, when asked, related_questions; errors are in OpenAI's " +
    'shape. stream: true answers as POST /v1/chat/completions/stream, which documents the events.',
  body: REQUEST,
  ok: { type: ChatCompletionDto, description: 'The completion.' },
  errors: ERRORS,
  errorBody: OpenAiErrorBody,
};

/** POST /v1/chat/completions/stream: the same request, answered as server-sent events. */
export const STREAM_CHAT_COMPLETION: QuarryEndpointOptions = {
  operationId: 'streamChatCompletion',
  summary: 'Search-grounded chat completion, streamed as server-sent events',
  description:
    'As POST /v1/chat/completions with stream true (the same body; stream is ignored): ' +
    'server-sent events of chat.completion.chunk ending with data: [DONE]; citations and ' +
    'search_results on the first chunk, usage on a last chunk with ' +
    'stream_options.include_usage. A failure before the first event is an ordinary error ' +
    'response. docs/openapi.md shows how to read it.',
  body: REQUEST,
  ok: {
    description: 'Server-sent events: each is "data: " and one ChatCompletionStreamEvent.',
    content: {
      'text/event-stream': {
        schema: { $ref: `#/components/schemas/${CHAT_COMPLETION_STREAM_EVENT}` },
        // Not OpenAPI 3.0 vocabulary: tells tools (and the contract tests) to read the body event by event.
        'x-stream-framing': 'sse',
        example: '[DONE]',
      } as object,
    },
  },
  errors: ERRORS,
  errorBody: OpenAiErrorBody,
};
