import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { MODEL_AND_SEARCH_ERROR_EXAMPLES } from '../common/errors/error-examples';
import { BUILTIN_PROVIDER_ID } from '../providers';
import { SearchRequestDto } from './dto/search-request.dto';
import { SearchResponseDto } from './dto/search-response.dto';

/** The README's request: runs as shown on a fresh start (built-in provider, local documents). */
const LOCAL_QUESTION = {
  chatModel: { providerId: BUILTIN_PROVIDER_ID, key: 'extractive' },
  embeddingModel: { providerId: BUILTIN_PROVIDER_ID, key: 'hashing' },
  sources: ['local'],
  query: 'How are meta-search results cached?',
};

const ERRORS: QuarryEndpointOptions['errors'] = {
  400: {
    description: 'Malformed request, or a providerId/key that is not an active model.',
    example: MODEL_AND_SEARCH_ERROR_EXAMPLES[400],
  },
  500: 'Internal failure.',
  502: {
    description: 'Every meta-search address failed, or the model provider failed.',
    example: MODEL_AND_SEARCH_ERROR_EXAMPLES[502],
  },
  503: 'A meta-search source was asked for and no backend is configured, or the auth service is down.',
  504: 'The model provider did not answer in time.',
};

/** One line of a streamed answer, named so that generated clients get a type for it. */
export const SEARCH_STREAM_MESSAGE = 'SearchStreamMessage';

/** POST /api/search as the document describes it. */
export const SEARCH_ENDPOINT: QuarryEndpointOptions = {
  operationId: 'search',
  summary: 'Answer a question from searched sources',
  description:
    'Searches the requested source kinds, ranks the results with the embedding model and ' +
    'answers with the chat model, citing sources as [n] (1-based positions in sources). ' +
    'Deprecated but accepted: focusMode instead of sources, history roles user/ai; unknown ' +
    "fields are ignored. Perplexica's stream: true is accepted here and answers the lines of " +
    'POST /api/search/stream as text/event-stream; that operation documents them.',
  body: {
    type: SearchRequestDto,
    examples: { local: { summary: 'Local documents, offline', value: LOCAL_QUESTION } },
  },
  ok: { type: SearchResponseDto, description: 'The answer and the sources it cites.' },
  errors: ERRORS,
};

/** POST /api/search/stream: the same question, answered line by line. */
export const STREAM_SEARCH_ENDPOINT: QuarryEndpointOptions = {
  operationId: 'streamSearch',
  summary: 'Answer a question from searched sources, streamed line by line',
  description:
    'As POST /api/search (the same body; stream is ignored), answered as newline-delimited ' +
    'JSON while it is written: init, sources once, response chunks in order, done. A failure ' +
    'after the first line ends the stream without done. docs/openapi.md shows how to read it.',
  body: {
    type: SearchRequestDto,
    examples: { local: { summary: 'Local documents, offline', value: LOCAL_QUESTION } },
  },
  ok: {
    description: 'One SearchStreamMessage per line.',
    content: {
      'application/x-ndjson': {
        schema: { $ref: `#/components/schemas/${SEARCH_STREAM_MESSAGE}` },
        // Not OpenAPI 3.0 vocabulary: tells tools (and the contract tests) to read the body line by line.
        'x-stream-framing': 'ndjson',
        example: { type: 'init', data: 'Stream connected' },
      } as object,
    },
  },
  errors: ERRORS,
};
