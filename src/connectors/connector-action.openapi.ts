import type { QuarryEndpointOptions } from '../common/decorators/quarry-endpoint.decorator';
import { ConnectorActionResultDto } from './dto/connector-action-result.dto';

const ACTION_PARAMS_SCHEMA = {
  type: 'object',
  description:
    'The action parameters. Webhook: url (required, http or https), headers (object), secret (string); ' +
    'body (any JSON, sent as JSON) for post, put, delete and patch; params (object, query parameters) for get.',
  properties: {
    url: { type: 'string', example: 'https://hooks.example.com/quarry' },
    body: { description: 'Sent as JSON (ignored by get).' },
    params: {
      type: 'object',
      additionalProperties: true,
      description: 'get only: each entry becomes a query parameter, its value as text.',
    },
    headers: {
      type: 'object',
      additionalProperties: true,
      description: 'Custom headers, values as text; may override Content-Type and User-Agent.',
    },
    secret: {
      type: 'string',
      description: 'Signing secret for X-Signature-256; defaults to WEBHOOK_SIGNING_SECRET.',
    },
  },
  additionalProperties: true,
};

/** POST /api/connectors/{id}/actions/{action} as the document describes it. */
export const RUN_CONNECTOR_ACTION: QuarryEndpointOptions = {
  operationId: 'runConnectorAction',
  summary: 'Runs one action of a connector with the parameters object as the body.',
  description:
    'Webhook actions: post, get, put, delete, patch. 200 whenever the remote replied (success tells ' +
    'whether it was 2xx); 502 with the result when every attempt failed (5xx, transport failure, ' +
    'unreadable reply) or the reply body was over WEBHOOK_MAX_RESPONSE_BYTES (refused unread, body ' +
    'null, not retried); 429 when the caller already runs CONNECTOR_MAX_CONCURRENT_PER_CLIENT actions.',
  body: {
    schema: ACTION_PARAMS_SCHEMA,
    examples: {
      post: {
        summary: 'Signed JSON POST',
        value: {
          url: 'https://hooks.example.com/quarry',
          body: { event: 'answer.ready', id: 42 },
          headers: { 'X-Team': 'search' },
          secret: '<SIGNING_SECRET>',
        },
      },
      get: {
        summary: 'GET with query parameters',
        value: { url: 'https://api.example.com/items', params: { page: 2, q: 'quarry' } },
      },
      delete: {
        summary: 'DELETE (executable though not declared)',
        value: { url: 'https://api.example.com/items/42' },
      },
    },
  },
  ok: {
    type: ConnectorActionResultDto,
    description: 'The remote replied (any status below 500, or 5xx followed by a success).',
  },
  errors: {
    400: {
      description:
        'Body not a JSON object, invalid parameters (url is required, invalid URL, URL must use http ' +
        'or https), unknown action, or a destination address that is not allowed.',
      example: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'unknown action: send',
        requestId: '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69',
      },
    },
    401: 'Authentication is on and the bearer token is missing or invalid.',
    404: {
      description: 'No connector has this id.',
      example: {
        statusCode: 404,
        error: 'Not Found',
        message: 'unknown connector: slack',
        requestId: '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69',
      },
    },
  },
  // Not an error body: the action's result, with what went wrong.
  responses: {
    502: {
      type: ConnectorActionResultDto,
      description: 'Every attempt failed; error says why.',
      example: {
        status_code: 503,
        headers: { 'content-type': 'text/plain' },
        body: 'maintenance',
        success: false,
        error: 'webhook POST failed after 4 attempts: remote replied with status 503',
      },
    },
  },
  params: [
    { name: 'id', example: 'webhook' },
    { name: 'action', example: 'post' },
  ],
};
