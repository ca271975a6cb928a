import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBody } from '../common/errors/error-body';
import { MODEL_AND_SEARCH_ERROR_EXAMPLES as ERROR_EXAMPLES } from '../common/errors/error-examples';
import { withClientAbort } from '../common/http/client-abort';
import { LegacyModelRefDto, ModelRefDto } from '../search';
import { MediaRequestDto } from './dto/media-request.dto';
import { ImagesResponseDto, VideosResponseDto } from './dto/media-response.dto';
import { MediaSearchService } from './media-search.service';

@ApiBearerAuth()
@ApiTags('media')
@ApiExtraModels(ModelRefDto, LegacyModelRefDto, ErrorBody)
@ApiBadRequestResponse({
  type: ErrorBody,
  description: 'Malformed request or an unknown model.',
  example: ERROR_EXAMPLES[400],
})
@ApiInternalServerErrorResponse({
  type: ErrorBody,
  description: 'Internal failure.',
  example: ERROR_EXAMPLES[500],
})
@ApiBadGatewayResponse({
  type: ErrorBody,
  description: 'Every meta-search address failed.',
  example: ERROR_EXAMPLES[502],
})
@ApiServiceUnavailableResponse({
  type: ErrorBody,
  description: 'No meta-search backend is configured, or no default chat model is available.',
  example: ERROR_EXAMPLES[503],
})
@Controller('api')
export class MediaController {
  constructor(private readonly media: MediaSearchService) {}

  @Post('images')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'searchImages',
    summary: 'Images for a question in a conversation',
    description:
      'The question is rewritten into a standalone query from chatHistory by the chat model (not ' +
      "in speed mode, nor without history), then searched in SearxNG's images category " +
      '(SEARCH_IMAGES_CATEGORIES / SEARCH_IMAGES_ENGINES), with the cache, fallback addresses and ' +
      'timeout of POST /api/search. At most SEARCH_MEDIA_MAX_RESULTS (10) results.',
  })
  @ApiBody({ type: MediaRequestDto })
  @ApiOkResponse({ type: ImagesResponseDto })
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
  @ApiOperation({
    operationId: 'searchVideos',
    summary: 'Videos for a question in a conversation',
    description:
      "As POST /api/images, in SearxNG's videos category (SEARCH_VIDEOS_CATEGORIES / " +
      'SEARCH_VIDEOS_ENGINES). Only results SearxNG gives an embeddable player for (iframe_src, ' +
      'as YouTube results have) are returned; img_src is the thumbnail.',
  })
  @ApiBody({ type: MediaRequestDto })
  @ApiOkResponse({ type: VideosResponseDto })
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
