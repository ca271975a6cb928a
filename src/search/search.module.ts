import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ProvidersModule } from '../providers/providers.module';
import { StreamingModule } from '../streaming/streaming.module';
import { META_SEARCH_BACKEND } from './backends/meta-search.backend';
import { metaSearchProvider } from './backends/meta-search.provider';
import { LocalCorpusRegistry } from './local/local-corpus.registry';
import { LocalDocsIndex } from './local/local-docs.index';
import { EmbeddingProbe } from './ranking/embedding-probe';
import { searchConfig } from './search.config';
import { SearchController } from './search.controller';
import { SearchRunFactory } from './search-run.factory';
import { SearchService } from './search.service';
import { SearchStartupFacts } from './search-startup.facts';
import { AnswerWriter } from './steps/answer-writer.step';
import { PageReader } from './steps/page-reader.step';
import { QueryPlanner } from './steps/query-planner.step';
import { Ranker } from './steps/ranker.step';
import { Retriever } from './steps/retriever.step';

// Exported with the module: the media routes send the same meta-search language.
const settings = ConfigModule.forFeature(searchConfig);

/**
 * POST /api/search and the one face of search for other modules: SearchRunFactory (request to
 * run, limits), SearchService (the run as events, or the whole answer), the meta-search backend.
 */

@Module({
  imports: [settings, ProvidersModule, StreamingModule],
  controllers: [SearchController],
  providers: [
    metaSearchProvider,
    LocalCorpusRegistry,
    LocalDocsIndex,
    QueryPlanner,
    Retriever,
    EmbeddingProbe,
    Ranker,
    PageReader,
    AnswerWriter,
    SearchService,
    SearchRunFactory,
    SearchStartupFacts,
  ],
  exports: [SearchService, SearchRunFactory, META_SEARCH_BACKEND, LocalCorpusRegistry, settings],
})
export class SearchModule {}
