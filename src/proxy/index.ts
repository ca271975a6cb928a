/** What other modules may use of the proxy: its routes (metrics label them) and their OpenAPI entries. */
export { siblingsOpenApi, type SiblingsOpenApi } from './proxy-openapi';
export { proxyConfig } from './proxy.config';
export { SIBLING_BY_ROUTE_PATH } from './sibling-routes';
