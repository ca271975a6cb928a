import type { AttributeFilter } from '../documents.types';

const COMPARISONS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * OpenAI's attribute filter as a SQL condition over `column` (jsonb), its values appended to
 * params. Numbers compare as numbers, strings as text, booleans as JSON; a missing key matches
 * only `ne` and `nin`, as in OpenAI's stores.
 */
export function attributeFilterSql(
  filter: AttributeFilter,
  column: string,
  params: unknown[],
): string {
  if ('filters' in filter) {
    if (filter.filters.length === 0) return 'TRUE';
    const parts = filter.filters.map((inner) => `(${attributeFilterSql(inner, column, params)})`);
    return parts.join(filter.type === 'and' ? ' AND ' : ' OR ');
  }
  params.push(filter.key);
  const field = `${column} -> $${params.length}::text`;
  if (filter.type === 'in' || filter.type === 'nin') {
    params.push(JSON.stringify(Array.isArray(filter.value) ? filter.value : [filter.value]));
    const contained = `COALESCE($${params.length}::jsonb @> jsonb_build_array(${field}), FALSE)`;
    return filter.type === 'in' ? contained : `NOT ${contained}`;
  }
  const operator = COMPARISONS[filter.type];
  const value = filter.value;
  let condition: string;
  if (typeof value === 'number') {
    params.push(value);
    condition = `(CASE WHEN jsonb_typeof(${field}) = 'number' THEN (${field})::text::numeric END) ${operator} $${params.length}::numeric`;
  } else if (typeof value === 'string') {
    params.push(value);
    condition = `(CASE WHEN jsonb_typeof(${field}) = 'string' THEN ${field} #>> '{}' END) ${operator} $${params.length}::text`;
  } else {
    params.push(JSON.stringify(value));
    condition = `${field} ${operator} $${params.length}::jsonb`;
  }
  return filter.type === 'ne' ? `COALESCE(${condition}, TRUE)` : `COALESCE(${condition}, FALSE)`;
}
