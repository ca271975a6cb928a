import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  concat,
  defer,
  fromEvent,
  lastValueFrom,
  map,
  Observable,
  of,
  reduce,
  takeUntil,
} from 'rxjs';
import {
  buildSearchFilters,
  searchConfig,
  type OptimizationMode,
  type SearchRun,
  type SearchSource,
  type SourceKind,
  SearchService,
} from '../search';
import { mapConversation } from './conversation/conversation.mapping';
import type {
  ChatCompletionRequestDto,
  SearchContextSize,
} from './dto/chat-completion-request.dto';
import type { ChatCompletionChunkDto, ChatCompletionDto } from './dto/chat-completion-response.dto';
import { InvalidCompletionRequestError } from './errors/completion.errors';
import { CompletionModelResolver } from './models/completion-model.resolver';
import { RelatedQuestionsWriter } from './related/related-questions.writer';
import {
  buildCompletion,
  ChunkBuilder,
  type CompletionIdentity,
} from './response/completion.builder';
import { UsageMeter } from './usage/usage-meter';

const MODE_BY_CONTEXT_SIZE: Record<SearchContextSize, OptimizationMode> = {
  low: 'speed',
  medium: 'balanced',
  high: 'quality',
};

/** What one completion emits, before it is shaped as a whole object or as chunks. */
export type CompletionEvent =
  | { readonly type: 'sources'; readonly sources: readonly SearchSource[] }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'end'; readonly relatedQuestions?: readonly string[] };

/** One accepted request: its identity, its events (cold: nothing runs until subscribed), its usage. */
export interface CompletionRun {
  readonly identity: CompletionIdentity;
  readonly includeUsage: boolean;
  readonly events: Observable<CompletionEvent>;
  readonly meter: UsageMeter;
}

/**
 * POST /v1/chat/completions on top of the search pipeline: resolves the model, maps the messages
 * and Sonar's search fields into a SearchRun, and runs it (with related questions beside the
 * answer when asked). Unsubscribing aborts every upstream call.
 */
@Injectable()
export class ChatCompletionsService {
  constructor(
    private readonly models: CompletionModelResolver,
    private readonly search: SearchService,
    private readonly related: RelatedQuestionsWriter,
    @Inject(searchConfig.KEY) private readonly limits: ConfigType<typeof searchConfig>,
  ) {}

  /** Validates and prepares the run; throws the 4xx errors before anything is sent. */
  start(request: ChatCompletionRequestDto, requestId?: string): CompletionRun {
    const resolved = this.models.resolve(request.model);
    const conversation = mapConversation(request.messages);
    if (conversation.query.length > this.limits.maxQueryChars) {
      throw new InvalidCompletionRequestError(
        `the last user message must be at most ${this.limits.maxQueryChars} characters`,
        'messages',
      );
    }
    if (conversation.history.length > this.limits.maxHistoryTurns) {
      throw new InvalidCompletionRequestError(
        `at most ${this.limits.maxHistoryTurns} earlier turns are accepted`,
        'messages',
      );
    }
    const meter = new UsageMeter(resolved.chatModel);
    const contextSize = request.web_search_options?.search_context_size;
    const maxTokens = request.max_completion_tokens ?? request.max_tokens;
    const run: SearchRun = {
      query: conversation.query,
      history: conversation.history,
      sourceKinds: request.disable_search
        ? []
        : ([request.search_mode ?? 'web'] satisfies SourceKind[]),
      mode: contextSize ? MODE_BY_CONTEXT_SIZE[contextSize] : (resolved.mode ?? 'speed'),
      systemInstructions: conversation.systemInstructions,
      chatModel: meter,
      embeddingModel: resolved.embeddingModel,
      filters: buildSearchFilters({
        domains: { field: 'search_domain_filter', value: request.search_domain_filter },
        recency: { field: 'search_recency_filter', value: request.search_recency_filter },
        after: { field: 'search_after_date_filter', value: request.search_after_date_filter },
        before: { field: 'search_before_date_filter', value: request.search_before_date_filter },
        maxSources: { field: 'max_sources', value: request.max_sources },
      }),
      answerOptions: {
        // null, which OpenAI clients send for "unset", counts as absent.
        ...(request.temperature != null ? { temperature: request.temperature } : {}),
        ...(request.top_p != null ? { topP: request.top_p } : {}),
        ...(maxTokens != null ? { maxTokens } : {}),
      },
      requestId,
    };
    return {
      identity: {
        id: `chatcmpl-${randomUUID().replace(/-/g, '')}`,
        created: Math.floor(Date.now() / 1000),
        model: request.model,
      },
      includeUsage: request.stream_options?.include_usage === true,
      events: this.events(run, meter, request.return_related_questions === true),
      meter,
    };
  }

  /** The whole completion; a client gone (signal) ends the run without an answer. */
  async complete(run: CompletionRun, signal: AbortSignal): Promise<ChatCompletionDto> {
    const collected = await lastValueFrom(
      run.events.pipe(
        takeUntil(fromEvent(signal, 'abort')),
        reduce(
          (acc, event) => {
            if (event.type === 'sources') acc.sources = event.sources;
            else if (event.type === 'text') acc.content += event.text;
            else acc.related = event.relatedQuestions;
            return acc;
          },
          {
            content: '',
            sources: [] as readonly SearchSource[],
            related: undefined as readonly string[] | undefined,
          },
        ),
      ),
    );
    return buildCompletion(
      run.identity,
      collected.content,
      collected.sources,
      run.meter.usage(),
      collected.related,
    );
  }

  /** The completion as chat.completion.chunk objects, in the order OpenAI sends them. */
  chunks(run: CompletionRun): Observable<ChatCompletionChunkDto> {
    return defer(() => {
      const builder = new ChunkBuilder(run.identity, run.includeUsage);
      let sources: readonly SearchSource[] = [];
      let content = '';
      const answer = run.events.pipe(
        map((event) => {
          if (event.type === 'sources') {
            sources = event.sources;
            return builder.first(sources);
          }
          if (event.type === 'text') {
            content += event.text;
            return builder.content(event.text);
          }
          return builder.last(content, sources, event.relatedQuestions);
        }),
      );
      return run.includeUsage
        ? concat(
            answer,
            defer(() => of(builder.usage(run.meter.usage()))),
          )
        : answer;
    });
  }

  private events(
    run: SearchRun,
    meter: UsageMeter,
    withRelated: boolean,
  ): Observable<CompletionEvent> {
    return new Observable<CompletionEvent>((subscriber) => {
      const abort = new AbortController();
      let related: Promise<string[]> | undefined;
      const startRelated = (sources: readonly SearchSource[]) =>
        this.related.write(meter, run.query, sources, abort.signal, run.requestId);
      const subscription = this.search.events(run).subscribe({
        next: (event) => {
          if (event.type === 'sources') {
            // Written beside the answer, from the question and the sources' titles.
            if (withRelated) related = startRelated(event.data);
            subscriber.next({ type: 'sources', sources: event.data });
          } else {
            subscriber.next({ type: 'text', text: event.data });
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          if (!withRelated) {
            subscriber.next({ type: 'end' });
            subscriber.complete();
            return;
          }
          (related ?? startRelated([])).then(
            (relatedQuestions) => {
              subscriber.next({ type: 'end', relatedQuestions });
              subscriber.complete();
            },
            (error: unknown) => subscriber.error(error),
          );
        },
      });
      return () => {
        subscription.unsubscribe();
        abort.abort(new Error('completion cancelled'));
      };
    });
  }
}
