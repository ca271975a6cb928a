import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapError } from '../common/errors/error-mapper';
import { withClientAbort } from '../common/http/client-abort';
import { SearchConcurrencyLimited } from '../limits';
import { CREATE_CHAT_COMPLETION, STREAM_CHAT_COMPLETION } from './chat-completion.openapi';
import { ChatCompletionsService } from './chat-completions.service';
import { ChatCompletionRequestDto } from './dto/chat-completion-request.dto';
import { ChatCompletionChunkDto, ChatCompletionDto } from './dto/chat-completion-response.dto';
import { OpenAiErrorBody } from './errors/openai-error-body';
import { openAiErrorBody } from './errors/openai-error.presenter';
import { SseWriter } from './streaming/sse.writer';

@QuarryApi('openai-compatible', {
  models: [ChatCompletionDto, ChatCompletionChunkDto, OpenAiErrorBody],
})
@Controller('v1')
export class ChatCompletionsController {
  private readonly logger = new Logger('ChatCompletions');

  constructor(
    private readonly completions: ChatCompletionsService,
    private readonly sse: SseWriter,
  ) {}

  @Post('chat/completions')
  @SearchConcurrencyLimited()
  @HttpCode(200)
  @QuarryEndpoint(CREATE_CHAT_COMPLETION)
  async create(
    @Body() body: ChatCompletionRequestDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // stream true here is OpenAI's form of POST /v1/chat/completions/stream.
    if (body.stream) return this.streamCompletion(body, request, reply);
    const run = this.completions.start(body, String(request.id), request.user?.id);
    await withClientAbort(reply, async (signal) => {
      const completion = await this.completions.complete(run, signal);
      if (signal.aborted) return;
      await reply.send(completion);
    });
  }

  @Post('chat/completions/stream')
  @SearchConcurrencyLimited()
  @HttpCode(200)
  @QuarryEndpoint(STREAM_CHAT_COMPLETION)
  async streamCompletion(
    @Body() body: ChatCompletionRequestDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const requestId = String(request.id);
    const run = this.completions.start(body, requestId, request.user?.id);
    await this.sse.pipe(this.completions.chunks(run), reply, {
      errorEvent: (error) => {
        this.logger.error(
          { requestId, err: error instanceof Error ? error : String(error) },
          `completion stream failed after it started: ${error instanceof Error ? error.message : String(error)}`,
        );
        return openAiErrorBody(mapError(error, requestId), error);
      },
    });
  }
}
