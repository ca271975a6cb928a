import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  concat,
  defer,
  finalize,
  from,
  lastValueFrom,
  map,
  Observable,
  of,
  reduce,
  tap,
} from 'rxjs';
import {
  joinInto,
  type JoiningAnswer,
  SearchRunFactory,
  SearchService,
  untilAborted,
  type SearchEvent,
  type OptimizationMode,
  type SearchLimitErrors,
  type SearchRun,
  type SearchSource,
} from '../search';
import { mapConversation } from './conversation/conversation.mapping';
import type {
  ChatCompletionRequestDto,
  SearchContextSize,
  SearchMode,
} from './dto/chat-completion-request.dto';
import type { ChatCompletionChunkDto, ChatCompletionDto } from './dto/chat-completion-response.dto';
import { stopSequences } from './dto/stop-sequences.validator';
import { InvalidCompletionRequestError } from './errors/completion.errors';
import { CompletionModelResolver } from './models/completion-model.resolver';
import { RelatedQuestionsWriter } from './related/related-questions.writer';
import {
  buildCompletion,
  ChunkBuilder,
  type CompletionIdentity,
} from './response/completion.builder';
import { TokenLimitedModel } from './usage/token-limited.model';
import { UsageMeter } from './usage/usage-meter';

/** Limits are about the messages as a whole: OpenAI's param names the field, `messages`. */
const COMPLETION_LIMIT_ERRORS: SearchLimitErrors = {
  query: (max) =>
    new InvalidCompletionRequestError(
      `the last user message must be at most ${max} characters`,
      'messages',
    ),
  history: (max) =>
    new InvalidCompletionRequestError(`at most ${max} earlier turns are accepted`, 'messages'),
};

const MODE_BY_CONTEXT_SIZE: Record<SearchContextSize, OptimizationMode> = {
  low: 'speed',
  medium: 'balanced',
  high: 'quality',
};

/** What one completion emits, before it is shaped as a whole object or as chunks. */
export type CompletionEvent =
  SearchEvent | { readonly type: 'end'; readonly relatedQuestions?: readonly string[] };

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
    private readonly runs: SearchRunFactory,
    private readonly search: SearchService,
    private readonly related: RelatedQuestionsWriter,
  ) {}

  /** Validates and prepares the run; throws the 4xx errors before anything is sent. */
  start(request: ChatCompletionRequestDto, requestId?: string, ownerId?: string): CompletionRun {
    const resolved = this.models.resolve(request.model);
    const conversation = mapConversation(request.messages);
    // The built-in model writes whole sentences; it is held to max_tokens here, as others hold themselves.
    const meter = new UsageMeter(
      resolved.chatModel.extractiveOnly
        ? new TokenLimitedModel(resolved.chatModel)
        : resolved.chatModel,
    );
    const contextSize = request.web_search_options?.search_context_size;
    const maxTokens = request.max_completion_tokens ?? request.max_tokens;
    const run = this.runs.create({
      query: conversation.query,
      history: conversation.history,
      sourceKinds: request.disable_search ? [] : [request.search_mode ?? this.defaultSearchMode()],
      mode: contextSize ? MODE_BY_CONTEXT_SIZE[contextSize] : (resolved.mode ?? 'speed'),
      systemInstructions: conversation.systemInstructions,
      models: () => ({ chatModel: meter, embeddingModel: resolved.embeddingModel }),
      filters: {
        domains: { field: 'search_domain_filter', value: request.search_domain_filter },
        recency: { field: 'search_recency_filter', value: request.search_recency_filter },
        after: { field: 'search_after_date_filter', value: request.search_after_date_filter },
        before: { field: 'search_before_date_filter', value: request.search_before_date_filter },
        maxSources: { field: 'max_sources', value: request.max_sources },
      },
      answerOptions: {
        // null, which OpenAI clients send for "unset", counts as absent.
        ...(request.temperature != null ? { temperature: request.temperature } : {}),
        ...(request.top_p != null ? { topP: request.top_p } : {}),
        ...(maxTokens != null ? { maxTokens } : {}),
        ...(request.stop != null && stopSequences(request.stop).length > 0
          ? { stop: stopSequences(request.stop) }
          : {}),
      },
      requestId,
      limitErrors: COMPLETION_LIMIT_ERRORS,
      localScope: { ownerId, vectorStoreIds: request.vector_store_ids },
    });
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

  /** Web when it can be searched; else the local documents, which need no network. */
  private defaultSearchMode(): SearchMode {
    return this.runs.metaSearchConfigured ? 'web' : 'local';
  }

  /** The whole completion; a client gone (signal) ends the run without an answer. */
  async complete(run: CompletionRun, signal: AbortSignal): Promise<ChatCompletionDto> {
    // One answer per call, added to in place: not a copy per chunk of a long answer.
    const joined: JoiningAnswer & { related?: readonly string[] } = { message: '', sources: [] };
    const collected = await lastValueFrom(
      run.events.pipe(
        untilAborted(signal),
        reduce((answer, event) => {
          if (event.type === 'end') answer.related = event.relatedQuestions;
          else joinInto(answer, event);
          return answer;
        }, joined),
      ),
    );
    return buildCompletion(
      run.identity,
      collected.message,
      collected.sources,
      run.meter.usage(),
      run.meter.finishReason(),
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
            sources = event.data;
            return builder.first(sources);
          }
          if (event.type === 'response') {
            content += event.data;
            return builder.content(event.data);
          }
          return builder.last(content, sources, run.meter.finishReason(), event.relatedQuestions);
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

  /** The search's events, then `end` (with the related questions, written beside the answer). */
  private events(
    run: SearchRun,
    meter: UsageMeter,
    withRelated: boolean,
  ): Observable<CompletionEvent> {
    return defer(() => {
      const abort = new AbortController();
      let related: Promise<string[]> | undefined;
      const startRelated = (sources: readonly SearchSource[]) =>
        this.related.write(meter, run.query, sources, abort.signal, run.requestId);
      const answer = this.search.events(run).pipe(
        tap((event) => {
          // Started as soon as the sources are known, from the question and their titles.
          if (withRelated && event.type === 'sources') related = startRelated(event.data);
        }),
      );
      const end = defer(() =>
        withRelated
          ? from(related ?? startRelated([])).pipe(
              map((relatedQuestions): CompletionEvent => ({ type: 'end', relatedQuestions })),
            )
          : of<CompletionEvent>({ type: 'end' }),
      );
      // However the completion ends, the related-questions call stops with it.
      return concat(answer, end).pipe(
        finalize(() => abort.abort(new Error('completion cancelled'))),
      );
    });
  }
}
