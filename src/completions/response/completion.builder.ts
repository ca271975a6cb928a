import type { FinishReason } from '../../providers';
import type { SearchSource } from '../../search';
import type {
  ChatCompletionChunkDto,
  ChatCompletionDto,
  SearchResultDto,
  UrlCitationAnnotationDto,
  UsageDto,
} from '../dto/chat-completion-response.dto';
import { findCitationMarkers } from './citation-markers';

/** What every object of one completion shares. */
export interface CompletionIdentity {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

/** Sonar's citations: marker [n] cites citations[n - 1]. */
export function citationsOf(sources: readonly SearchSource[]): string[] {
  return sources.map((source) => source.url);
}

/** Sonar's search_results, in the same order as citations. */
export function searchResultsOf(sources: readonly SearchSource[]): SearchResultDto[] {
  return sources.map((source) => ({
    title: source.title,
    url: source.url,
    date: dayOf(source.publishedDate),
    snippet: source.content,
  }));
}

/** OpenAI's url_citation annotations: one per marker, offsets exact in this content. */
export function annotationsOf(
  content: string,
  sources: readonly SearchSource[],
): UrlCitationAnnotationDto[] {
  return findCitationMarkers(content, sources.length).map((marker) => ({
    type: 'url_citation',
    url_citation: {
      start_index: marker.start,
      end_index: marker.end,
      url: sources[marker.n - 1].url,
      title: sources[marker.n - 1].title,
    },
  }));
}

export function buildCompletion(
  identity: CompletionIdentity,
  content: string,
  sources: readonly SearchSource[],
  usage: UsageDto,
  finishReason: FinishReason,
  relatedQuestions?: readonly string[],
): ChatCompletionDto {
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          refusal: null,
          annotations: annotationsOf(content, sources),
        },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage,
    citations: citationsOf(sources),
    search_results: searchResultsOf(sources),
    ...(relatedQuestions ? { related_questions: [...relatedQuestions] } : {}),
  };
}

/**
 * The chunks of one streamed completion, as OpenAI sends them: the role first (with Sonar's
 * citations and search_results), content deltas, a last choice chunk with finish_reason (and the
 * annotations over the whole content), then, with include_usage, a usage chunk with no choices;
 * every earlier chunk then carries usage: null.
 */
export class ChunkBuilder {
  constructor(
    private readonly identity: CompletionIdentity,
    private readonly includeUsage: boolean,
  ) {}

  first(sources: readonly SearchSource[]): ChatCompletionChunkDto {
    return {
      ...this.base(),
      choices: [
        {
          index: 0,
          delta: { role: 'assistant', content: '' },
          logprobs: null,
          finish_reason: null,
        },
      ],
      citations: citationsOf(sources),
      search_results: searchResultsOf(sources),
    };
  }

  content(text: string): ChatCompletionChunkDto {
    return {
      ...this.base(),
      choices: [{ index: 0, delta: { content: text }, logprobs: null, finish_reason: null }],
    };
  }

  last(
    content: string,
    sources: readonly SearchSource[],
    finishReason: FinishReason,
    relatedQuestions?: readonly string[],
  ): ChatCompletionChunkDto {
    const annotations = annotationsOf(content, sources);
    return {
      ...this.base(),
      choices: [
        {
          index: 0,
          delta: annotations.length > 0 ? { annotations } : {},
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      ...(relatedQuestions ? { related_questions: [...relatedQuestions] } : {}),
    };
  }

  usage(usage: UsageDto): ChatCompletionChunkDto {
    return { ...this.base(), choices: [], usage };
  }

  private base(): Omit<ChatCompletionChunkDto, 'choices'> {
    return {
      id: this.identity.id,
      object: 'chat.completion.chunk',
      created: this.identity.created,
      model: this.identity.model,
      ...(this.includeUsage ? { usage: null } : {}),
    };
  }
}

function dayOf(date: string | undefined): string | null {
  if (!date) return null;
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}
