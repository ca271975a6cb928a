import { HISTORY_ROLES } from './history.validator';

/** One turn of chatHistory in the document: either form IsChatHistory accepts, so clients get a type. */
export const CHAT_HISTORY_ENTRY_SCHEMA = {
  oneOf: [
    {
      type: 'array',
      description: '[role, content]',
      items: { type: 'string' },
      minItems: 2,
      maxItems: 2,
    },
    {
      type: 'object',
      properties: {
        role: { type: 'string', enum: [...HISTORY_ROLES] },
        content: { type: 'string' },
      },
      required: ['role', 'content'],
    },
  ],
};
