/** What other modules may use of the proxy: its routes (metrics label them) and their OpenAPI entries. */
export { proxyOpenApiPaths } from './proxy-openapi';
export { SIBLING_BY_ROUTE_PATH } from './sibling-routes';
