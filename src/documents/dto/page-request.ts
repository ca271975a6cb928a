import type { PageRequest } from '../documents.types';
import type { ListQueryDto } from './list-query.dto';

/** The page a list query asks for, with OpenAI's defaults (20, newest first). */
export function pageOf(query: ListQueryDto, maxLimit = 100): PageRequest {
  return {
    after: query.after,
    before: query.before,
    limit: Math.min(query.limit ?? 20, maxLimit),
    order: query.order ?? 'desc',
  };
}
