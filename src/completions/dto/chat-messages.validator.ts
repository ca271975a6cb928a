import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * Roles a /v1 request may send; developer is OpenAI's newer name for system. A tool's result
 * (tool) is accepted in a conversation an agent sends, and not answered from.
 */
export const MESSAGE_ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export interface TextContentPart {
  readonly type: 'text';
  readonly text: string;
}

export interface RequestMessage {
  readonly role: MessageRole;
  /** null for an assistant turn that only called tools. */
  readonly content: string | readonly TextContentPart[] | null;
  readonly name?: string;
}

/** messages: a non-empty array of { role, content }; content a string or text parts. */
export function IsChatMessages(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isChatMessages',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        ...options,
        message: (args) => describeProblem(args.value) ?? 'messages is invalid',
      },
      validator: { validate: (value: unknown) => describeProblem(value) === undefined },
    });
  };
}

function describeProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    return 'messages must be a non-empty array of { role, content }';
  }
  for (const [index, message] of value.entries()) {
    const at = `messages[${index}]`;
    if (typeof message !== 'object' || message === null) return `${at} must be an object`;
    const { role, content } = message as Record<string, unknown>;
    if (typeof role !== 'string' || !(MESSAGE_ROLES as readonly string[]).includes(role)) {
      return `${at}.role must be one of: ${MESSAGE_ROLES.join(', ')}`;
    }
    if (typeof content === 'string') continue;
    // An assistant turn that only called tools has no content (OpenAI sends null).
    if (role === 'assistant' && content == null) continue;
    if (!Array.isArray(content)) return `${at}.content must be a string or an array of text parts`;
    for (const [partIndex, part] of content.entries()) {
      const { type, text } = (part ?? {}) as Record<string, unknown>;
      if (type !== 'text' || typeof text !== 'string') {
        return `${at}.content[${partIndex}] must be { "type": "text", "text": string } (only text is supported)`;
      }
    }
  }
  return undefined;
}
