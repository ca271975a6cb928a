import { getSchemaPath } from '@nestjs/swagger';
import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { BUILTIN_PROVIDER_ID } from '../providers';
import { ChatCompletionRequestDto } from './dto/chat-completion-request.dto';
import { ChatCompletionChunkDto, ChatCompletionDto } from './dto/chat-completion-response.dto';
import { OpenAiErrorBody } from './errors/openai-error-body';

const STREAM_EXAMPLE = [
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"quarry-speed","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],"citations":["https://example.com/a"],"search_results":[{"title":"A","url":"https://example.com/a","date":null,"snippet":"..."}]}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"quarry-speed","choices":[{"index":0,"delta":{"content":"Cached for ten minutes [1]."},"logprobs":null,"finish_reason":null}]}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"quarry-speed","choices":[{"index":0,"delta":{"annotations":[{"type":"url_citation","url_citation":{"start_index":23,"end_index":26,"url":"https://example.com/a","title":"A"}}]},"logprobs":null,"finish_reason":"stop"}]}',
  'data: [DONE]',
].join('\n\n');

/** POST /v1/chat/completions as the document describes it. */
export const CREATE_CHAT_COMPLETION: QuarryEndpointOptions = {
  operationId: 'createChatCompletion',
  summary: 'Search-grounded chat completion (OpenAI Chat Completions + Perplexity Sonar fields)',
  description:
    'Answers the last user message from fresh search results, citing them as [n]. The response ' +
    "is OpenAI's chat.completion with message.annotations (url_citation per marker) plus Sonar's " +
    'citations, search_results and, when asked, related_questions. stream true: server-sent ' +
    'events of chat.completion.chunk ending with data: [DONE]; citations and search_results on ' +
    'the first chunk, usage on a last chunk with stream_options.include_usage. Errors use ' +
    "OpenAI's shape { error: { message, type, param, code } }.",
  body: {
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
  },
  ok: {
    description: 'The completion (stream false) or the event stream (stream true).',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ChatCompletionDto) } },
      'text/event-stream': {
        schema: {
          $ref: getSchemaPath(ChatCompletionChunkDto),
          description:
            'Server-sent events: each event is "data: " and one chunk (this schema), the last one "data: [DONE]".',
        },
        // Not OpenAPI 3.0 vocabulary: tells tools (and the contract tests) to read the body event by event.
        'x-stream-framing': 'sse',
        example: STREAM_EXAMPLE,
      } as object,
    },
  },
  errors: {
    400: 'invalid_request_error: a field is invalid (param names it).',
    401: 'Missing or invalid bearer token.',
    404: 'model_not_found: see GET /v1/models.',
    429: 'Rate limited; Retry-After says when to retry.',
    502: 'The model provider or every search backend failed.',
    503: 'No search backend configured, or the provider is rate limiting.',
    504: 'The model provider timed out.',
  },
  errorBody: OpenAiErrorBody,
};
