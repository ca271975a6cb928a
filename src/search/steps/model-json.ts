import { stripThinking } from './thinking-filter';

/**
 * The JSON object a model wrote, read defensively: thinking blocks and any prose around the outermost
 * braces are ignored. Undefined when there is no parsable object.
 */
export function readModelJson(output: string): unknown {
  const text = stripThinking(output);
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  } catch {
    return undefined;
  }
}
