import { operationFaultKinds, type OperationFault, type OperationFaults } from '../simulator-kit/operation-faults';

// Faults a test asks the open-data test environment to show, by upstream operation (simulator-kit/operation-faults.ts:
// taken by the next request for their operation, or any; `times` counted down; the first matching fault in the order
// given wins; `slow` holds the answer back), and what each other mode answers in the upstream's place.

export const openDataOperations = [
  'police-street-crimes',
  'police-last-updated',
  'coal-specific-risk',
  'coal-planning-constraints',
  'bgs-landslides',
  'bgs-geology',
] as const;
export type OpenDataOperation = (typeof openDataOperations)[number];

export const openDataFaultModes = ['slow', 'error', 'rate_limited', 'too_many', 'malformed', 'gone'] as const;
export type OpenDataFaultMode = (typeof openDataFaultModes)[number];

export type OpenDataFault = OperationFault<OpenDataOperation, OpenDataFaultMode>;
export type OpenDataFaults = OperationFaults<OpenDataOperation, OpenDataFaultMode>;

/** A body each operation's client cannot read: its documented format, cut short or swapped for another. */
const malformedBodies: Record<OpenDataOperation, { type: string; body: string }> = {
  'police-street-crimes': { type: 'application/json', body: '[{"category":' },
  'police-last-updated': { type: 'application/json', body: '{"date":' },
  'coal-specific-risk': { type: 'text/xml', body: '<FeatureInfoResponse><FIELDS' },
  'coal-planning-constraints': { type: 'text/xml', body: '<FeatureInfoResponse><FIELDS' },
  'bgs-landslides': { type: 'application/json', body: '{"type":"FeatureCollection","features":' },
  'bgs-geology': { type: 'text/xml', body: '<html>maintenance</html>' },
};

export const { problemOf: openDataFaultProblem, faulted } = operationFaultKinds(openDataOperations, openDataFaultModes, {
  /** 500, as the upstream's server fails. */
  error: (res) => res.status(500).type('text/html').send('<html><body><h1>500 Internal Server Error</h1></body></html>'),
  /** 429 with Retry-After (`retryAfterSeconds`, default 1). */
  rate_limited: (res, fault) =>
    res
      .status(429)
      .set('Retry-After', String(fault.retryAfterSeconds ?? 1))
      .type('text/plain')
      .send('Too Many Requests'),
  /** police.uk's 503: the area holds more than 10,000 crimes. */
  too_many: (res) => res.status(503).type('text/plain').send(''),
  /** 200 whose body is not the documented format. */
  malformed: (res, _fault, operation) => res.status(200).type(malformedBodies[operation].type).send(malformedBodies[operation].body),
  /** 404 for the service's path, as a retired map service answers. */
  gone: (res) => res.status(404).type('text/html').send('<html><body><h1>404 Not Found</h1></body></html>'),
});
