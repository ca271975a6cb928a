import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { concat, map, of } from 'rxjs';
import { ErrorBody } from '../common/errors/error-body';
import { withClientAbort } from '../common/http/client-abort';
import { SearchConcurrencyLimited } from '../limits';
import { NdjsonStreamEmitter } from '../streaming';
import { LegacyModelRefDto, ModelRefDto } from './dto/model-ref.dto';
import { SearchRequestDto } from './dto/search-request.dto';
import { SearchResponseDto, SourceDto } from './dto/search-response.dto';
import { STREAM_MESSAGE_MODELS } from './dto/stream-message.dto';
import { SearchRunFactory } from './search-run.factory';
import type { SearchEvent, SearchSource } from './search-run';
import { SEARCH_ENDPOINT, STREAM_SEARCH_ENDPOINT } from './search.openapi';
import { SearchService } from './search.service';

const PERPLEXICA_STREAM_TYPE = 'text/event-stream; charset=utf-8';
const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';

@QuarryApi('search', {
  models: [SearchResponseDto, ErrorBody, ModelRefDto, LegacyModelRefDto, ...STREAM_MESSAGE_MODELS],
})
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
  @QuarryEndpoint(SEARCH_ENDPOINT)
  async searchQuery(
    @Body() body: SearchRequestDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // stream true here is Perplexica's form of POST /api/search/stream, as text/event-stream.
    if (body.stream) return this.streamAnswer(body, request, reply, PERPLEXICA_STREAM_TYPE);
    const run = this.runs.fromRequest(body, String(request.id), request.user?.id);
    await withClientAbort(reply, async (signal) => {
      const answer = await this.search.answer(run, signal);
      if (signal.aborted) return;
      await reply.send({ message: answer.message, sources: answer.sources.map(toSourceDto) });
    });
  }

  @Post('search/stream')
  @SearchConcurrencyLimited()
  @HttpCode(200)
  @QuarryEndpoint(STREAM_SEARCH_ENDPOINT)
  streamSearch(
    @Body() body: SearchRequestDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.streamAnswer(body, request, reply, NDJSON_TYPE);
  }

  private async streamAnswer(
    body: SearchRequestDto,
    request: FastifyRequest,
    reply: FastifyReply,
    contentType: string,
  ): Promise<void> {
    const requestId = String(request.id);
    const run = this.runs.fromRequest(body, requestId, request.user?.id);
    const messages = concat(
      of({ type: 'init', data: 'Stream connected' }),
      this.search.events(run).pipe(map(toStreamMessage)),
      of({ type: 'done' }),
    );
    await this.emitter.pipe(messages, reply, {
      contentType,
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
