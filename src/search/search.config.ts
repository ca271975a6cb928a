import { resolve } from 'node:path';
import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { BooleanFlag, CommaSeparated } from '../common/config/env-transformers';
import { HTTP_URL } from '../common/config/url-options';
import { validateEnv } from '../common/config/validate-env';

/** The project root, found from this file so that the default docs folder does not depend on cwd. */
const PROJECT_ROOT = resolve(__dirname, '..', '..');

/**
 * Settings of the search pipeline and its meta-search backend. REDIS_URL (common/redis) and
 * SEARCH_SVC_URL (common's siblings config, which the proxy shares) are not search's alone.
 */
export class SearchEnv {
  @IsOptional() @IsUrl(HTTP_URL) readonly SEARXNG_URL?: string;

  /** Tried in order on connection error, timeout or 5xx. */
  @CommaSeparated()
  @IsUrl(HTTP_URL, { each: true })
  readonly SEARXNG_FALLBACK_URLS: string[] = [];

  @IsInt() @Min(1) @Max(100_000) readonly SEARCH_MAX_QUERY_CHARS: number = 4000;
  @IsInt() @Min(0) @Max(1000) readonly SEARCH_MAX_HISTORY_TURNS: number = 50;
  @IsInt() @Min(1) @Max(50) readonly SEARCH_SOURCES_SPEED: number = 8;
  @IsInt() @Min(1) @Max(50) readonly SEARCH_SOURCES_BALANCED: number = 12;
  @IsInt() @Min(1) @Max(50) readonly SEARCH_SOURCES_QUALITY: number = 15;
  @IsInt() @Min(0) readonly SEARCH_CACHE_TTL_MS: number = 10 * 60_000;
  @IsInt() @Min(1) readonly SEARCH_CACHE_MAX_ENTRIES: number = 1000;
  @IsInt() @Min(500) readonly SEARCH_CONTEXT_TOKENS: number = 12_000;
  @IsInt() @Min(100) readonly SEARCH_TIMEOUT_MS: number = 8000;
  @IsString() readonly SEARCH_LANGUAGE: string = 'all';

  @CommaSeparated() @IsString({ each: true }) readonly SEARCH_WEB_CATEGORIES: string[] = [
    'general',
  ];
  @CommaSeparated() @IsString({ each: true }) readonly SEARCH_ACADEMIC_ENGINES: string[] = [
    'arxiv',
    'google scholar',
    'pubmed',
  ];
  @CommaSeparated() @IsString({ each: true }) readonly SEARCH_DISCUSSIONS_ENGINES: string[] = [
    'reddit',
  ];

  @IsInt() @Min(0) @Max(20) readonly SEARCH_PAGE_FETCH_COUNT: number = 12;
  @IsInt() @Min(1) @Max(20) readonly SEARCH_PAGE_FETCH_CONCURRENCY: number = 6;
  @IsInt() @Min(100) readonly SEARCH_PAGE_FETCH_TIMEOUT_MS: number = 5000;
  @IsInt() @Min(1024) readonly SEARCH_PAGE_MAX_BYTES: number = 2 * 1024 * 1024;
  @BooleanFlag() @IsBoolean() readonly SEARCH_PAGE_ALLOW_PRIVATE: boolean = false;

  @IsOptional() @IsString() readonly LOCAL_DOCS_DIR?: string;
  @IsOptional() @IsUrl(HTTP_URL) readonly LOCAL_DOCS_BASE_URL?: string;
  @IsInt() @Min(10) readonly LOCAL_DOCS_MAX_FILES: number = 20_000;
  @IsInt() @Min(1024) readonly LOCAL_DOCS_MAX_FILE_BYTES: number = 5 * 1024 * 1024;
}

export const searchConfig = registerAs('search', () => {
  const env = validateEnv(SearchEnv);
  return {
    searxngUrls: [env.SEARXNG_URL, ...env.SEARXNG_FALLBACK_URLS].filter((url): url is string =>
      Boolean(url),
    ),
    maxQueryChars: env.SEARCH_MAX_QUERY_CHARS,
    maxHistoryTurns: env.SEARCH_MAX_HISTORY_TURNS,
    sourcesByMode: {
      speed: env.SEARCH_SOURCES_SPEED,
      balanced: env.SEARCH_SOURCES_BALANCED,
      quality: env.SEARCH_SOURCES_QUALITY,
    },
    cacheTtlMs: env.SEARCH_CACHE_TTL_MS,
    cacheMaxEntries: env.SEARCH_CACHE_MAX_ENTRIES,
    contextTokens: env.SEARCH_CONTEXT_TOKENS,
    backendTimeoutMs: env.SEARCH_TIMEOUT_MS,
    language: env.SEARCH_LANGUAGE,
    engines: {
      web: { categories: env.SEARCH_WEB_CATEGORIES },
      academic: { engines: env.SEARCH_ACADEMIC_ENGINES },
      discussions: { engines: env.SEARCH_DISCUSSIONS_ENGINES },
    },
    pages: {
      count: env.SEARCH_PAGE_FETCH_COUNT,
      concurrency: env.SEARCH_PAGE_FETCH_CONCURRENCY,
      timeoutMs: env.SEARCH_PAGE_FETCH_TIMEOUT_MS,
      maxBytes: env.SEARCH_PAGE_MAX_BYTES,
      allowPrivateAddresses: env.SEARCH_PAGE_ALLOW_PRIVATE,
    },
    localDocs: {
      dir: resolve(PROJECT_ROOT, env.LOCAL_DOCS_DIR ?? 'docs'),
      baseUrl: env.LOCAL_DOCS_BASE_URL,
      maxFiles: env.LOCAL_DOCS_MAX_FILES,
      maxFileBytes: env.LOCAL_DOCS_MAX_FILE_BYTES,
    },
  };
});

export type SearchConfig = ReturnType<typeof searchConfig>;
