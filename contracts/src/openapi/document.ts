import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ErrorBody } from '../rest/errors';
import { RenovationUpliftQuery, RenovationUpliftResponse } from '../rest/renovation-calculator';
import { z } from '../zod';

const description = `UK property, land-registry, location and market data for server-side callers holding an API key.

**Authentication.** Send the key in the \`X-API-Key\` header, from server-side code only.

**Billing.** Each successful chargeable call deducts prepaid credits. Every authenticated response carries
\`X-Credits-Charged\` (0 for failed and free calls), \`X-Credits-Remaining\` (the ledger balance after the call)
and \`X-Credits-Refresh-At\` (omitted for trial and non-renewing balances). Successful chargeable JSON responses also
carry the \`billing\` object. A 401 carries \`X-Credits-Charged: 0\` only, since the caller is not known.

**Rate limits.** Per plan, per minute, per UK calendar day and per UK calendar month (Basic 10/500/5,000,
Standard 30/2,000/30,000, Premium 100/5,000/100,000, Enterprise as agreed), shared by every gateway instance.
Every authenticated response carries \`X-RateLimit-Limit\` (the per-minute limit), \`X-RateLimit-Remaining\` (requests
left before any window refuses) and \`X-RateLimit-Reset\` (Unix seconds when that window resets). Over a limit the
answer is 429 \`RATE_LIMITED\` with \`Retry-After\`; it charges nothing and does not count against the limit. Every
authenticated request that is admitted counts, including ones answered with a 4xx.

**Errors.** Every error answers \`{"success": false, "error": {"code", "message", "details?"}}\`. Codes are stable.
Besides the codes in the specification: \`INVALID_EXTENSION_AREA\` and \`INVALID_RENOVATION_UPLIFT\` (400) for the
calculator's optional parameters, \`NOT_FOUND\` (404) for unknown paths, \`SERVICE_UNAVAILABLE\` (503) when a backing
service does not answer in time (nothing is charged; retry), and \`UPSTREAM_TIMEOUT\` (504) when the work was sent
but not answered in time (the credit reservation is released, nothing is charged).

**Tracing.** Each response carries \`X-Request-Id\` (send your own to correlate; 1 to 100 characters of
\`[A-Za-z0-9._-]\`) and \`traceparent\` (W3C trace context).`;

const billingHeaders = {
  'X-Credits-Charged': { description: 'Credits charged by this call; 0 for failed and free calls', schema: { type: 'integer' as const } },
  'X-Credits-Remaining': { description: 'Credit balance after the call', schema: { type: 'integer' as const } },
  'X-Credits-Refresh-At': {
    description: 'Next monthly credit refresh (ISO 8601); omitted for trial and non-renewing balances',
    schema: { type: 'string' as const, format: 'date-time' },
  },
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute on this plan', schema: { type: 'integer' as const } },
  'X-RateLimit-Remaining': { description: 'Requests left before a window (minute, day or month) refuses', schema: { type: 'integer' as const } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when that window resets', schema: { type: 'integer' as const } },
};
const authenticatedHeaders = { ...billingHeaders, ...rateLimitHeaders };

const errorResponse = (text: string, withBilling = true) => ({
  description: text,
  headers: withBilling ? authenticatedHeaders : undefined,
  content: { 'application/json': { schema: ErrorBody } },
});

export const buildRegistry = (): OpenAPIRegistry => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });

  registry.registerPath({
    method: 'get',
    path: '/property/renovation-uplift-calculator',
    operationId: 'renovation_uplift_calculator',
    tags: ['Property Analysis'],
    summary: 'Renovation uplift calculator',
    description:
      'Pure calculation, no property data is fetched. Cost: 1 credit. Order: base £/m² = value / floorArea; ' +
      'extension value = extensionArea × base £/m²; subtotal = value + extension value; uplift = subtotal × ' +
      'renovationUplift / 100; adjustedValue = subtotal + uplift; adjusted £/m² = adjustedValue / (floorArea + ' +
      'extensionArea); £/ft² = £/m² ÷ 10.7639104. Money and per-area figures are rounded to whole pounds at the end.',
    security: [{ apiKey: [] }],
    request: { query: RenovationUpliftQuery },
    responses: {
      200: { description: 'Calculation result', headers: authenticatedHeaders, content: { 'application/json': { schema: RenovationUpliftResponse } } },
      400: errorResponse('INVALID_VALUE, INVALID_FLOOR_AREA, INVALID_EXTENSION_AREA or INVALID_RENOVATION_UPLIFT; nothing charged'),
      401: errorResponse('UNAUTHORIZED: API key missing or invalid', false),
      402: errorResponse('INSUFFICIENT_CREDITS: not enough credits; nothing charged'),
      429: errorResponse('RATE_LIMITED: a minute, day or month limit is reached; nothing charged; see Retry-After'),
      500: errorResponse('INTERNAL_ERROR: calculation failure; nothing charged'),
      503: errorResponse('SERVICE_UNAVAILABLE: a backing service did not answer; nothing charged'),
      504: errorResponse('UPSTREAM_TIMEOUT: the calculation was not answered in time; nothing charged'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'openapi_document',
    tags: ['Service'],
    summary: 'This OpenAPI 3.1.0 document',
    security: [],
    responses: { 200: { description: 'The document', content: { 'application/json': { schema: z.object({}).passthrough() } } } },
  });
  return registry;
};

export const openApiDocument = () =>
  new OpenApiGeneratorV31(buildRegistry().definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Property Data Service', version: '1.0.0', description },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
  });
