import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ModelSelector } from '../providers';
import {
  toHistoryTurns,
  META_SEARCH_BACKEND,
  type MetaSearchBackend,
  type SearchResult,
  searchConfig,
  SearchRunFactory,
  searchRequestLimitErrors,
} from '../search';
import type { MediaRequestDto } from './dto/media-request.dto';
import type { ImageResultDto, VideoResultDto } from './dto/media-response.dto';
import { mediaConfig, type MediaConfig } from './media.config';
import { StandaloneQueryWriter } from './standalone-query.writer';

export type MediaKind = 'images' | 'videos';

/**
 * Images and videos for a question in a conversation: the question made standalone by the chat
 * model, then searched in SearxNG's images or videos categories through the same cached backend
 * (fallback addresses, timeout, 502/503) as POST /api/search.
 */
@Injectable()
export class MediaSearchService {
  constructor(
    private readonly models: ModelSelector,
    private readonly rewriter: StandaloneQueryWriter,
    @Inject(META_SEARCH_BACKEND) private readonly backend: MetaSearchBackend,
    @Inject(mediaConfig.KEY) private readonly config: MediaConfig,
    @Inject(searchConfig.KEY) private readonly search: ConfigType<typeof searchConfig>,
    private readonly runs: SearchRunFactory,
  ) {}

  async images(
    body: MediaRequestDto,
    signal: AbortSignal,
    requestId?: string,
  ): Promise<ImageResultDto[]> {
    const results = await this.find('images', body, signal, requestId);
    return results
      .filter((result) => result.imgSrc)
      .slice(0, this.config.maxResults)
      .map((result) => ({ img_src: result.imgSrc!, url: result.url, title: result.title }));
  }

  async videos(
    body: MediaRequestDto,
    signal: AbortSignal,
    requestId?: string,
  ): Promise<VideoResultDto[]> {
    const results = await this.find('videos', body, signal, requestId);
    // A video a client cannot embed is of no use to it: only results with a player are kept.
    return results
      .filter((result) => result.iframeSrc && (result.thumbnailSrc ?? result.imgSrc))
      .slice(0, this.config.maxResults)
      .map((result) => ({
        img_src: (result.thumbnailSrc ?? result.imgSrc)!,
        url: result.url,
        title: result.title,
        iframe_src: result.iframeSrc!,
      }));
  }

  private async find(
    kind: MediaKind,
    body: MediaRequestDto,
    signal: AbortSignal,
    requestId?: string,
  ): Promise<SearchResult[]> {
    const query = body.query.trim();
    const history = toHistoryTurns(body.chatHistory);
    this.runs.checkLimits(query, history, searchRequestLimitErrors('chatHistory'));
    const model = this.models.chatModel(body.chatModel);
    const standalone = await this.rewriter.write(
      model,
      query,
      history,
      body.optimizationMode ?? 'balanced',
      signal,
      requestId,
    );
    return this.backend.search(
      {
        kind,
        query: standalone,
        ...this.config[kind],
        language: this.search.language,
        pageno: 1,
      },
      signal,
    );
  }
}
