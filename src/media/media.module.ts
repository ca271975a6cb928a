import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ProvidersModule } from '../providers/providers.module';
import { SearchModule } from '../search/search.module';
import { mediaConfig } from './media.config';
import { MediaController } from './media.controller';
import { MediaSearchService } from './media-search.service';
import { StandaloneQueryWriter } from './standalone-query.writer';

/** POST /api/images and /api/videos, Perplexica's media routes, on the search module's backend. */
@Module({
  imports: [ConfigModule.forFeature(mediaConfig), ProvidersModule, SearchModule],
  controllers: [MediaController],
  providers: [MediaSearchService, StandaloneQueryWriter],
})
export class MediaModule {}
