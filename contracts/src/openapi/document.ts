import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { idempotencyHeaders, KeyedCallHeader } from '../rest/idempotency';
import { operationTags, type Operation } from '../rest/operation';
import { operations } from '../rest/operations';
import { costParagraph } from './cost';
import { apiDescription } from './description';
import { errorResponses, successResponse } from './responses';
import { z } from '../zod';

/** The operation's request as OpenAPI's parameters and body. */
const requestOf = (operation: Operation) => {
  const { query, params, body, bodyOptional } = operation.request;
  // Every per-call operation takes an optional Idempotency-Key (the gateway reads it for all of them, in one place).
  const keyed = operation.cost.kind === 'per_call' ? z.object({ [idempotencyHeaders.key]: KeyedCallHeader }) : undefined;
  const headers = keyed && operation.request.headers ? operation.request.headers.merge(keyed) : (keyed ?? operation.request.headers);
  return {
    ...(query ? { query } : {}),
    ...(params ? { params } : {}),
    ...(headers ? { headers } : {}),
    ...(body ? { body: { required: !bodyOptional, content: { 'application/json': { schema: body } } } } : {}),
  };
};

const costText = ({ cost }: Operation) => {
  if (cost.kind === 'per_call') return { kind: 'per_call', credits: cost.credits, charging: cost.charging };
  if (cost.kind === 'per_report') return { kind: 'per_report', credits: { ...cost.credits }, charging: 'on_completion' };
  return { kind: cost.kind };
};

export const buildRegistry = (): OpenAPIRegistry => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  for (const operation of Object.values(operations) as Operation[]) {
    registry.registerPath({
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      description: `${costParagraph(operation)}\n\n${operation.description}`,
      security: operation.public ? [] : [{ apiKey: [] }],
      request: requestOf(operation),
      responses: { ...successResponse(operation), ...errorResponses(operation) },
      'x-credit-cost': costText(operation),
    });
  }
  return registry;
};

export const openApiDocument = () =>
  new OpenApiGeneratorV31(buildRegistry().definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Property Data Service',
      version: '1.0.0',
      description: apiDescription,
      license: { name: 'Proprietary: use under the API terms of your subscription', identifier: 'LicenseRef-PDS-API-Terms' },
    },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    tags: Object.entries(operationTags).map(([name, description]) => ({ name, description })),
  });
