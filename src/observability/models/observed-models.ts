import { Observable } from 'rxjs';
import {
  ModelCallError,
  type ModelCallObserver,
  type ChatCallOptions,
  type ChatChunk,
  type ChatMessage,
  type ChatModel,
  type EmbeddingModel,
  type ModelCallOptions,
  type TokenUsage,
} from '../../providers';
import type { ModelCallKind, ModelCallSeries } from '../metrics/model-call.metrics';
import type { QuarryMetrics } from '../metrics/quarry-metrics';
import { failSpan, isTracingOn, startSpan, withSpan } from '../../common/tracing/tracing-state';

/**
 * Wraps the models the registry hands out so every call is measured (quarry_model_*) and, with
 * tracing on, runs in a span whose outbound HTTP request is its child. Wrapped once per model:
 * the registry keeps the wrapper, so the label-bound series are bound once too.
 */
export class ObservedModels implements ModelCallObserver {
  constructor(private readonly metrics: QuarryMetrics | null) {}

  /** Whether wrapping does anything: metrics on or tracing on. */
  get active(): boolean {
    return this.metrics !== null || isTracingOn();
  }

  chat(model: ChatModel): ChatModel {
    const calls = new CallRecorder(model, 'chat', this.metrics);
    return {
      providerId: model.providerId,
      providerName: model.providerName,
      key: model.key,
      // What the model can do is the model's: the search plans and reads offline for extractive ones.
      ...(model.extractiveOnly ? { extractiveOnly: true } : {}),
      stream: (messages: readonly ChatMessage[], options?: ChatCallOptions) =>
        new Observable<ChatChunk>((subscriber) => {
          const call = calls.start(options);
          const subscription = withSpan(call.span, () =>
            model.stream(messages, options).subscribe({
              next: (chunk) => {
                if (chunk.text) call.firstToken();
                if (chunk.usage) call.usage(chunk.usage);
                subscriber.next(chunk);
              },
              error: (error: unknown) => {
                call.fail(error);
                subscriber.error(error);
              },
              complete: () => {
                call.succeed();
                subscriber.complete();
              },
            }),
          );
          return () => {
            subscription.unsubscribe();
            call.abort();
          };
        }),
      complete: (messages: readonly ChatMessage[], options?: ChatCallOptions) => {
        const call = calls.start(options);
        return withSpan(call.span, () => model.complete(messages, options)).then(
          (completion) => {
            if (completion.usage) call.usage(completion.usage);
            call.succeed();
            return completion;
          },
          (error: unknown) => {
            call.fail(error);
            throw error;
          },
        );
      },
    };
  }

  embedding(model: EmbeddingModel): EmbeddingModel {
    const calls = new CallRecorder(model, 'embed', this.metrics);
    return {
      providerId: model.providerId,
      providerName: model.providerName,
      key: model.key,
      ...(model.lexicalOnly ? { lexicalOnly: true } : {}),
      embed: (texts: readonly string[], options?: ModelCallOptions) => {
        const call = calls.start(options, texts.length);
        return withSpan(call.span, () => model.embed(texts, options)).then(
          (vectors) => {
            call.succeed();
            return vectors;
          },
          (error: unknown) => {
            call.fail(error);
            throw error;
          },
        );
      },
    };
  }
}

/** The series of one model and kind, and a fresh ModelCall per call. */
class CallRecorder {
  private series?: ModelCallSeries;

  constructor(
    private readonly model: { providerName: string; key: string },
    private readonly kind: ModelCallKind,
    private readonly metrics: QuarryMetrics | null,
  ) {}

  start(options: ModelCallOptions | undefined, inputs?: number): ModelCall {
    this.series ??= this.metrics?.models.series(this.model.providerName, this.model.key, this.kind);
    const span = startSpan(`model ${this.kind} ${this.model.providerName}/${this.model.key}`, {
      'gen_ai.operation.name': this.kind === 'chat' ? 'chat' : 'embeddings',
      'gen_ai.system': this.model.providerName,
      'gen_ai.request.model': this.model.key,
      ...(inputs !== undefined ? { 'quarry.embed.inputs': inputs } : {}),
    });
    return new ModelCall(this.series, span, options?.signal);
  }
}

/** One call: ends exactly once, as succeeded, failed (with a reason) or aborted by the caller. */
class ModelCall {
  private readonly startedAt = performance.now();
  private sawFirstToken = false;
  private ended = false;

  constructor(
    private readonly series: ModelCallSeries | undefined,
    readonly span: ReturnType<typeof startSpan>,
    private readonly signal: AbortSignal | undefined,
  ) {}

  firstToken(): void {
    if (this.sawFirstToken) return;
    this.sawFirstToken = true;
    this.series?.firstToken.observe(this.elapsed());
    this.span?.addEvent('first token');
  }

  usage(usage: TokenUsage): void {
    this.series?.tokensIn.inc(usage.promptTokens);
    this.series?.tokensOut.inc(usage.completionTokens);
    this.span?.setAttributes({
      'gen_ai.usage.input_tokens': usage.promptTokens,
      'gen_ai.usage.output_tokens': usage.completionTokens,
    });
  }

  succeed(): void {
    if (!this.end()) return;
    this.series?.succeeded.inc();
    this.series?.duration.observe(this.elapsed());
    this.span?.end();
  }

  fail(error: unknown): void {
    if (!this.end()) return;
    if (this.signal?.aborted) {
      this.series?.aborted.inc();
    } else {
      this.series?.failed.inc();
      this.series?.failure(error instanceof ModelCallError ? error.failure : 'other');
      failSpan(this.span, error);
    }
    this.series?.duration.observe(this.elapsed());
    this.span?.end();
  }

  /** Unsubscribed: counted as aborted unless the call had already ended. */
  abort(): void {
    if (!this.end()) return;
    this.series?.aborted.inc();
    this.series?.duration.observe(this.elapsed());
    this.span?.setAttribute('quarry.aborted', true);
    this.span?.end();
  }

  private end(): boolean {
    if (this.ended) return false;
    this.ended = true;
    return true;
  }

  private elapsed(): number {
    return (performance.now() - this.startedAt) / 1000;
  }
}
