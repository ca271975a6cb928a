import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { ReadinessDto } from './health.dto';

/** GET /health/ready as the document describes it. */
export const READINESS_ENDPOINT: QuarryEndpointOptions = {
  operationId: 'getReadiness',
  summary: 'Readiness: each configured dependency, up or down',
  description:
    'The status code is for everyone (probes need no token); the entries, with internal addresses ' +
    'and failure reasons, only for a caller with a valid bearer token (or everyone while ' +
    'AUTH_REQUIRED is false) and on METRICS_PORT: anyone else gets `status` alone. ' +
    'One entry per configured dependency, each up or down with a reason. 503 when the ' +
    'service cannot do its main job: every meta-search address down while one is configured, the ' +
    'auth service down while authentication is required, or no model provider up. Probe results ' +
    'are reused for READINESS_CACHE_MS.',
  ok: {
    type: ReadinessDto,
    description: 'Ready; `error` may still list a dependency the service can do without.',
  },
  // Not an error body: the same report, with what is down.
  responses: {
    503: {
      type: ReadinessDto,
      description: 'A dependency the service cannot do without is down.',
      example: {
        status: 'error',
        info: { builtin: { status: 'up' } },
        error: { searxng: { status: 'down', reason: 'every meta-search address failed' } },
        details: {
          builtin: { status: 'up' },
          searxng: { status: 'down', reason: 'every meta-search address failed' },
        },
      },
    },
  },
};
