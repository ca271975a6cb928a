import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { siblingsConfig } from '../common/config/siblings.config';
import { displayAddress } from '../common/http/display-address';
import { infoFact, StartupFacts, warnFact } from '../common/logging/startup-facts';
import { LocalCorpusRegistry } from './local/local-corpus.registry';
import { searchConfig } from './search.config';

/** Start-up lines: which sources a search can use, and where they come from. */
@Injectable()
export class SearchStartupFacts implements OnModuleInit {
  constructor(
    @Inject(searchConfig.KEY) private readonly search: ConfigType<typeof searchConfig>,
    @Inject(siblingsConfig.KEY) private readonly siblings: ConfigType<typeof siblingsConfig>,
    private readonly facts: StartupFacts,
    private readonly corpora: LocalCorpusRegistry,
  ) {}

  onModuleInit(): void {
    this.facts.add(() => [this.metaSearchFact(), this.localFact()]);
  }

  private metaSearchFact() {
    const sources = 'sources web, academic, discussions';
    if (this.siblings.searchSvcExplicit) {
      return infoFact(
        `${sources}: the search service at ${displayAddress(this.siblings.urls.search)} (SEARCH_SVC_URL)`,
      );
    }
    const [first, ...fallbacks] = this.search.searxngUrls;
    if (!first) {
      return warnFact(
        `${sources} off: SEARXNG_URL is not set, so a search can only use the local source`,
      );
    }
    const more = fallbacks.length > 0 ? ` then ${fallbacks.length} fallback(s)` : '';
    return infoFact(`${sources}: SearxNG at ${displayAddress(first)}${more}`);
  }

  private localFact() {
    const where = this.corpora.registered?.servesDirectory
      ? 'ingested into the documents database, where replicas on one DATABASE_URL share it (LOCAL_DOCS_IN_DATABASE)'
      : "indexed in this process's memory (LOCAL_DOCS_IN_DATABASE=false)";
    return infoFact(
      `source local: the files under ${this.search.localDocs.dir} (LOCAL_DOCS_DIR), ${where}, in the background`,
    );
  }
}
