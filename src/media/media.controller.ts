import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBody } from '../common/errors/error-body';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { MODEL_AND_SEARCH_ERROR_EXAMPLES as ERROR_EXAMPLES } from '../common/errors/error-examples';
import { withClientAbort } from '../common/http/client-abort';
import { LegacyModelRefDto, ModelRefDto } from '../search';
import { MediaRequestDto } from './dto/media-request.dto';
import { ImagesResponseDto, VideosResponseDto } from './dto/media-response.dto';
import { MediaSearchService } from './media-search.service';

/** What both media routes answer besides their results. */
const MEDIA_ERRORS = {
  400: { description: 'Malformed request or an unknown model.', example: ERROR_EXAMPLES[400] },
  500: { description: 'Internal failure.', example: ERROR_EXAMPLES[500] },
  502: { description: 'Every meta-search address failed.', example: ERROR_EXAMPLES[502] },
  503: {
    description: 'No meta-search backend is configured, or no default chat model is available.',
    example: ERROR_EXAMPLES[503],
  },
};

@QuarryApi('search', { models: [ModelRefDto, LegacyModelRefDto, ErrorBody] })
@Controller('api')
export class MediaController {
  constructor(private readonly media: MediaSearchService) {}

  @Post('images')
  @HttpCode(200)
  @QuarryEndpoint({
    operationId: 'searchImages',
    summary: 'Images for a question in a conversation',
    description:
      'The question is rewritten into a standalone query from chatHistory by the chat model (not ' +
      "in speed mode, nor without history), then searched in SearxNG's images category " +
      '(SEARCH_IMAGES_CATEGORIES / SEARCH_IMAGES_ENGINES), with the cache, fallback addresses and ' +
      'timeout of POST /api/search. At most SEARCH_MEDIA_MAX_RESULTS (10) results.',
    body: MediaRequestDto,
    ok: ImagesResponseDto,
    errors: MEDIA_ERRORS,
  })
  async images(
    @Body() body: MediaRequestDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ImagesResponseDto> {
    return {
      images: await withClientAbort(reply, (signal) =>
        this.media.images(body, signal, String(request.id)),
      ),
    };
  }

  @Post('videos')
  @HttpCode(200)
  @QuarryEndpoint({
    operationId: 'searchVideos',
    summary: 'Videos for a question in a conversation',
    description:
      "As POST /api/images, in SearxNG's videos category (SEARCH_VIDEOS_CATEGORIES / " +
      'SEARCH_VIDEOS_ENGINES). Only results SearxNG gives an embeddable player for (iframe_src, ' +
      'as YouTube results have) are returned; img_src is the thumbnail.',
    body: MediaRequestDto,
    ok: VideosResponseDto,
    errors: MEDIA_ERRORS,
  })
  async videos(
    @Body() body: MediaRequestDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VideosResponseDto> {
    return {
      videos: await withClientAbort(reply, (signal) =>
        this.media.videos(body, signal, String(request.id)),
      ),
    };
  }
}
