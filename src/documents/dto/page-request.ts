import type { PageRequest } from '../documents.types';
import type { ListQueryDto } from './list-query.dto';

/** The page a list query asks for, with OpenAI's defaults (newest first; 20 unless told). */
export function pageOf(query: ListQueryDto, defaultLimit = 20): PageRequest {
  return {
    after: query.after,
    before: query.before,
    limit: query.limit ?? defaultLimit,
    order: query.order ?? 'desc',
  };
}
