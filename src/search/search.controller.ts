import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiBadGatewayResponse,
  ApiGatewayTimeoutResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { concat, map, of } from 'rxjs';
import { ErrorBody } from '../common/errors/error-body';
import { withClientAbort } from '../common/http/client-abort';
import { SearchConcurrencyLimited } from '../limits';
import { NdjsonStreamEmitter } from '../streaming';
import { LegacyModelRefDto, ModelRefDto } from './dto/model-ref.dto';
import { SearchRequestDto } from './dto/search-request.dto';
import { BUILTIN_PROVIDER_ID } from '../providers';
import { SearchResponseDto, SourceDto } from './dto/search-response.dto';
import { STREAM_MESSAGE_MODELS, STREAM_MESSAGE_SCHEMA } from './dto/stream-message.dto';
import { SearchRunFactory } from './search-run.factory';
import type { SearchEvent, SearchSource } from './search-run';
import { SearchService } from './search.service';

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

@ApiTags('search')
@ApiBearerAuth()
@ApiExtraModels(
  SearchResponseDto,
  ErrorBody,
  ModelRefDto,
  LegacyModelRefDto,
  ...STREAM_MESSAGE_MODELS,
)
@Controller('api')
export class SearchController {
  private readonly logger = new Logger('Search');

  constructor(
    private readonly runs: SearchRunFactory,
    private readonly search: SearchService,
    private readonly emitter: NdjsonStreamEmitter,
  ) {}

  @Post('search')
  @SearchConcurrencyLimited()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'search',
    summary: 'Answer a question from searched sources, whole or streamed',
    description:
      'Searches the requested source kinds, ranks the results with the embedding model and ' +
      'answers with the chat model, citing sources as [n] (1-based positions in sources). With ' +
      'stream true the reply is text/event-stream, one JSON object per line: init, sources once, ' +
      'response chunks, done. Deprecated but accepted: focusMode instead of sources, history ' +
      'roles user/ai; unknown fields are ignored.',
  })
  @ApiBody({
    type: SearchRequestDto,
    examples: {
      local: { summary: 'Local documents, offline', value: LOCAL_QUESTION },
      streamed: { summary: 'The same, streamed', value: { ...LOCAL_QUESTION, stream: true } },
    },
  })
  @ApiOkResponse({
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
  })
  @ApiBadRequestResponse({
    type: ErrorBody,
    description: 'Malformed request, or a providerId/key that is not an active model.',
  })
  @ApiInternalServerErrorResponse({ type: ErrorBody, description: 'Internal failure.' })
  @ApiBadGatewayResponse({
    type: ErrorBody,
    description: 'Every meta-search address failed, or the model provider failed.',
  })
  @ApiServiceUnavailableResponse({
    type: ErrorBody,
    description:
      'A meta-search source was asked for and no backend is configured, or the auth service is down.',
  })
  @ApiGatewayTimeoutResponse({
    type: ErrorBody,
    description: 'The model provider did not answer in time.',
  })
  async searchQuery(
    @Body() body: SearchRequestDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const requestId = String(request.id);
    const run = this.runs.fromRequest(body, requestId, request.user?.id);
    if (!body.stream) {
      await withClientAbort(reply, async (signal) => {
        const answer = await this.search.answer(run, signal);
        if (signal.aborted) return;
        await reply.send({ message: answer.message, sources: answer.sources.map(toSourceDto) });
      });
      return;
    }
    const messages = concat(
      of({ type: 'init', data: 'Stream connected' }),
      this.search.events(run).pipe(map(toStreamMessage)),
      of({ type: 'done' }),
    );
    await this.emitter.pipe(messages, reply, {
      onError: (error) =>
        this.logger.error(
          { requestId, err: error instanceof Error ? error : String(error) },
          `search stream failed after it started: ${error instanceof Error ? error.message : String(error)}`,
        ),
    });
  }
}

function toSourceDto(source: SearchSource): SourceDto {
  return { content: source.content, metadata: { title: source.title, url: source.url } };
}

function toStreamMessage(event: SearchEvent): { type: string; data: unknown } {
  return event.type === 'sources'
    ? { type: 'sources', data: event.data.map(toSourceDto) }
    : { type: 'response', data: event.data };
}
