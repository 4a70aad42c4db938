import { z } from '../zod';
import { defineOperation } from './operation';

export const openApiDocumentOperation = defineOperation({
  operationId: 'openapi_document',
  method: 'get',
  path: '/openapi.json',
  tag: 'Service',
  summary: 'This OpenAPI 3.1.0 document',
  description:
    'The interface description, generated from the same declarations that route and validate every request, so it ' +
    'cannot drift from what the service does. Rendered ' +
    'for reading at `/docs`.',
  cost: { kind: 'free' },
  public: true,
  request: {},
  response: {
    status: 200,
    description: 'The document',
    mediaType: 'application/json',
    schema: z.looseObject({ openapi: z.literal('3.1.0') }).openapi('OpenApiDocument'),
  },
  errors: {},
});
