import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapError } from '../common/errors/error-mapper';
import { withClientAbort } from '../common/http/client-abort';
import { SearchConcurrencyLimited } from '../limits';
import { BUILTIN_PROVIDER_ID } from '../providers';
import { ChatCompletionsService } from './chat-completions.service';
import { ChatCompletionRequestDto } from './dto/chat-completion-request.dto';
import { ChatCompletionChunkDto, ChatCompletionDto } from './dto/chat-completion-response.dto';
import { OpenAiErrorBody } from './errors/openai-error-body';
import { openAiErrorBody } from './errors/openai-error.presenter';
import { SseWriter } from './streaming/sse.writer';

const STREAM_EXAMPLE = [
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"quarry-speed","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],"citations":["https://example.com/a"],"search_results":[{"title":"A","url":"https://example.com/a","date":null,"snippet":"..."}]}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"quarry-speed","choices":[{"index":0,"delta":{"content":"Cached for ten minutes [1]."},"logprobs":null,"finish_reason":null}]}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"quarry-speed","choices":[{"index":0,"delta":{"annotations":[{"type":"url_citation","url_citation":{"start_index":23,"end_index":26,"url":"https://example.com/a","title":"A"}}]},"logprobs":null,"finish_reason":"stop"}]}',
  'data: [DONE]',
].join('\n\n');

@ApiTags('openai-compatible')
@ApiBearerAuth()
@ApiExtraModels(ChatCompletionDto, ChatCompletionChunkDto, OpenAiErrorBody)
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
  @ApiOperation({
    operationId: 'createChatCompletion',
    summary: 'Search-grounded chat completion (OpenAI Chat Completions + Perplexity Sonar fields)',
    description:
      'Answers the last user message from fresh search results, citing them as [n]. The response ' +
      "is OpenAI's chat.completion with message.annotations (url_citation per marker) plus Sonar's " +
      'citations, search_results and, when asked, related_questions. stream true: server-sent ' +
      'events of chat.completion.chunk ending with data: [DONE]; citations and search_results on ' +
      'the first chunk, usage on a last chunk with stream_options.include_usage. Errors use ' +
      "OpenAI's shape { error: { message, type, param, code } }.",
  })
  @ApiBody({
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
  })
  @ApiOkResponse({
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
  })
  @ApiBadRequestResponse({
    type: OpenAiErrorBody,
    description: 'invalid_request_error: a field is invalid (param names it).',
  })
  @ApiUnauthorizedResponse({
    type: OpenAiErrorBody,
    description: 'Missing or invalid bearer token.',
  })
  @ApiNotFoundResponse({
    type: OpenAiErrorBody,
    description: 'model_not_found: see GET /v1/models.',
  })
  @ApiTooManyRequestsResponse({
    type: OpenAiErrorBody,
    description: 'Rate limited; Retry-After says when to retry.',
  })
  @ApiResponse({
    status: 502,
    type: OpenAiErrorBody,
    description: 'The model provider or every search backend failed.',
  })
  @ApiResponse({
    status: 503,
    type: OpenAiErrorBody,
    description: 'No search backend configured, or the provider is rate limiting.',
  })
  @ApiResponse({ status: 504, type: OpenAiErrorBody, description: 'The model provider timed out.' })
  async create(
    @Body() body: ChatCompletionRequestDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const requestId = String(request.id);
    const run = this.completions.start(body, requestId, request.user?.id);
    if (body.stream) {
      await this.sse.pipe(this.completions.chunks(run), reply, {
        errorEvent: (error) => {
          this.logger.error(
            { requestId, err: error instanceof Error ? error : String(error) },
            `completion stream failed after it started: ${error instanceof Error ? error.message : String(error)}`,
          );
          return openAiErrorBody(mapError(error, requestId), error);
        },
      });
      return;
    }
    await withClientAbort(reply, async (signal) => {
      const completion = await this.completions.complete(run, signal);
      if (signal.aborted) return;
      await reply.send(completion);
    });
  }
}
