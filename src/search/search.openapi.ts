import { getSchemaPath } from '@nestjs/swagger';
import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { BUILTIN_PROVIDER_ID } from '../providers';
import { SearchRequestDto } from './dto/search-request.dto';
import { SearchResponseDto } from './dto/search-response.dto';
import { STREAM_MESSAGE_SCHEMA } from './dto/stream-message.dto';

const STREAM_EXAMPLE = [
  '{"type":"init","data":"Stream connected"}',
  '{"type":"sources","data":[{"content":"Search results are cached for SEARCH_CACHE_TTL_MS...","metadata":{"title":"Quarry search: Caching","url":"file:///opt/quarry/docs/search.md#caching"}}]}',
  '{"type":"response","data":"Results are cached "}',
  '{"type":"response","data":"for ten minutes [1]."}',
  '{"type":"done"}',
].join('\n');

/** The README's request: runs as shown on a fresh start (built-in provider, local documents). */
const LOCAL_QUESTION = {
  chatModel: { providerId: BUILTIN_PROVIDER_ID, key: 'extractive' },
  embeddingModel: { providerId: BUILTIN_PROVIDER_ID, key: 'hashing' },
  sources: ['local'],
  query: 'How are meta-search results cached?',
};

/** POST /api/search as the document describes it. */
export const SEARCH_ENDPOINT: QuarryEndpointOptions = {
  operationId: 'search',
  summary: 'Answer a question from searched sources, whole or streamed',
  description:
    'Searches the requested source kinds, ranks the results with the embedding model and ' +
    'answers with the chat model, citing sources as [n] (1-based positions in sources). With ' +
    'stream true the reply is text/event-stream, one JSON object per line: init, sources once, ' +
    'response chunks, done. Deprecated but accepted: focusMode instead of sources, history ' +
    'roles user/ai; unknown fields are ignored.',
  body: {
    type: SearchRequestDto,
    examples: {
      local: { summary: 'Local documents, offline', value: LOCAL_QUESTION },
      streamed: { summary: 'The same, streamed', value: { ...LOCAL_QUESTION, stream: true } },
    },
  },
  ok: {
    description: 'The answer (stream false) or the event stream (stream true).',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(SearchResponseDto) } },
      'text/event-stream': {
        schema: {
          ...STREAM_MESSAGE_SCHEMA,
          description:
            'One StreamMessage per line (newline-delimited JSON): init, sources once, response ' +
            'chunks, done. This schema describes one line.',
        },
        // Not OpenAPI 3.0 vocabulary: tells tools (and the contract tests) to read the body line by line.
        'x-stream-framing': 'ndjson',
        example: STREAM_EXAMPLE,
      } as object,
    },
  },
  errors: {
    400: 'Malformed request, or a providerId/key that is not an active model.',
    500: 'Internal failure.',
    502: 'Every meta-search address failed, or the model provider failed.',
    503: 'A meta-search source was asked for and no backend is configured, or the auth service is down.',
    504: 'The model provider did not answer in time.',
  },
};
