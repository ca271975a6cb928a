import type { SiblingName } from '../common/config/siblings.config';

/** One forwarded path: a prefix (and, unless exact, everything below it) and the sibling behind it. */
export interface SiblingRoute {
  readonly prefix: string;
  readonly sibling: SiblingName;
  /** 'ANY' forwards every HTTP method; 'GET' only reads. */
  readonly method: 'ANY' | 'GET';
  /** True when only the prefix itself is forwarded, not the paths below it. */
  readonly exact?: boolean;
}

/** The proxy's whole mapping; adding a sibling is one line here (its URL lives in siblingsConfig). */
export const SIBLING_ROUTES: readonly SiblingRoute[] = [
  { prefix: '/api/v1/discover', sibling: 'discover', method: 'ANY' },
  { prefix: '/api/v1/search', sibling: 'search', method: 'ANY' },
  { prefix: '/api/v1/patents', sibling: 'search', method: 'ANY' },
  { prefix: '/api/v1/library', sibling: 'library', method: 'ANY' },
  { prefix: '/api/v1/collections', sibling: 'projects', method: 'ANY' },
  { prefix: '/api/v1/memory', sibling: 'memory', method: 'ANY' },
  { prefix: '/api/v1/create', sibling: 'create', method: 'ANY' },
  { prefix: '/api/v1/export', sibling: 'create', method: 'ANY' },
  { prefix: '/api/v1/notifications', sibling: 'notifications', method: 'ANY' },
  { prefix: '/api/v1/billing', sibling: 'billing', method: 'ANY' },
  { prefix: '/api/v1/admin/audit-logs', sibling: 'audit', method: 'ANY' },
  { prefix: '/api/chat', sibling: 'chat', method: 'ANY' },
  { prefix: '/api/auth/me', sibling: 'auth', method: 'GET', exact: true },
];

/** The Fastify route paths a table entry covers: the prefix, and its subtree unless exact. */
export function routePathsOf(route: SiblingRoute): string[] {
  return route.exact ? [route.prefix] : [route.prefix, `${route.prefix}/*`];
}

/** Route path (as Fastify reports it in request.routeOptions.url) to the sibling that serves it. */
export const SIBLING_BY_ROUTE_PATH: ReadonlyMap<string, SiblingName> = new Map(
  SIBLING_ROUTES.flatMap((route) => routePathsOf(route).map((path) => [path, route.sibling])),
);

/** The sibling behind a declared route path; only routes built from the table are declared, so a miss is a programming error. */
export function siblingForRoute(path: string | undefined): SiblingName {
  const sibling = SIBLING_BY_ROUTE_PATH.get(path ?? '');
  if (!sibling) throw new Error(`no sibling for route ${path}`);
  return sibling;
}

export const ANY_METHOD_PATHS = SIBLING_ROUTES.filter((route) => route.method === 'ANY').flatMap(
  routePathsOf,
);
export const GET_ONLY_PATHS = SIBLING_ROUTES.filter((route) => route.method === 'GET').flatMap(
  routePathsOf,
);
