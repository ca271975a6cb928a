import type { Observable } from 'rxjs';
import type {
  ChatCallOptions,
  ChatChunk,
  ChatCompletion,
  ChatMessage,
  ChatModel,
} from '../../providers';

/** A chat model standing in for another: it is the other to every step; subclasses shape its calls. */
export abstract class ForwardingChatModel implements ChatModel {
  constructor(protected readonly model: ChatModel) {}

  get providerId(): string {
    return this.model.providerId;
  }

  get providerName(): string {
    return this.model.providerName;
  }

  get key(): string {
    return this.model.key;
  }

  // Planning asks an extractive model nothing: /v1 then searches as POST /api/search does.
  get extractiveOnly(): boolean | undefined {
    return this.model.extractiveOnly;
  }

  abstract stream(
    messages: readonly ChatMessage[],
    options?: ChatCallOptions,
  ): Observable<ChatChunk>;

  abstract complete(
    messages: readonly ChatMessage[],
    options?: ChatCallOptions,
  ): Promise<ChatCompletion>;
}
