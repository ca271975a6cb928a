import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorBody } from '../common/errors/error-body';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { errorExample } from '../common/errors/error-examples';
import { withClientAbort } from '../common/http/client-abort';
import { LegacyModelRefDto, ModelRefDto } from '../search';
import { SuggestionsRequestDto } from './dto/suggestions-request.dto';
import { SuggestionsResponseDto } from './dto/suggestions-response.dto';
import { SuggestionsService } from './suggestions.service';

@QuarryApi('search', { models: [ModelRefDto, LegacyModelRefDto, ErrorBody] })
@Controller('api')
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Post('suggestions')
  @HttpCode(200)
  @QuarryEndpoint({
    operationId: 'suggest',
    summary: 'Follow-up questions for a conversation',
    description:
      'Up to 5 follow-up questions written by the chat model from chatHistory (the writer of the ' +
      '/v1 related_questions). With the built-in provider they are questions built from the ' +
      "conversation's own phrases. No search is run.",
    body: SuggestionsRequestDto,
    ok: SuggestionsResponseDto,
    errors: {
      400: {
        description: 'Malformed request or an unknown model.',
        example: errorExample(400, [
          'chatHistory must hold at least one turn: [role, content] pairs or { role, content } objects',
        ]),
      },
      500: {
        description: 'Internal failure.',
        example: errorExample(500, 'Internal server error'),
      },
      502: {
        description: 'The model provider failed.',
        example: errorExample(502, 'OpenAI model gpt-4o-mini: unreachable: connect ECONNREFUSED'),
      },
      503: {
        description:
          'No chat model named and no default available, or the provider is rate-limited.',
        example: errorExample(
          503,
          'no default model available: no active provider has a chat model',
        ),
      },
    },
  })
  async suggest(
    @Body() body: SuggestionsRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuggestionsResponseDto> {
    return {
      suggestions: await withClientAbort(reply, (signal) => this.suggestions.suggest(body, signal)),
    };
  }
}
