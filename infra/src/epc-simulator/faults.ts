import { operationFaultKinds, type OperationFault, type OperationFaults } from '../simulator-kit/operation-faults';

// Faults a test asks the EPC register test environment to show (simulator-kit/operation-faults.ts: taken by the next
// request for their operation, or any; `times` counted down; the first matching fault in the order given wins; `slow`
// holds the answer back), and what each other mode answers in the register's place.

export const epcFaultOperations = ['search', 'certificate'] as const;
export type EpcFaultOperation = (typeof epcFaultOperations)[number];

export const epcFaultModes = ['slow', 'error', 'rate_limited', 'unauthorized', 'malformed'] as const;
export type EpcFaultMode = (typeof epcFaultModes)[number];

export type EpcFault = OperationFault<EpcFaultOperation, EpcFaultMode>;
export type EpcFaults = OperationFaults<EpcFaultOperation, EpcFaultMode>;

export const { problemOf: epcFaultProblem, faulted } = operationFaultKinds(epcFaultOperations, epcFaultModes, {
  /** 500 with the documented `{"errors": [{"code": …}]}`. */
  error: (res) => res.status(500).json({ errors: [{ code: 'Unexpected error: the test environment was asked to fail' }] }),
  /** 429 with Retry-After (`retryAfterSeconds`, default 60). */
  rate_limited: (res, fault) =>
    res
      .status(429)
      .set('Retry-After', String(fault.retryAfterSeconds ?? 60))
      .json({ errors: [{ code: 'TOO_MANY_REQUESTS' }] }),
  /** 401: the token is refused. */
  unauthorized: (res) => res.status(401).json({ errors: [{ code: 'UNAUTHORISED', title: 'You are not authenticated' }] }),
  /** 200 whose body is not JSON. */
  malformed: (res) => res.status(200).type('application/json').send('{"data": [{"addressLine1": "1 Some Str'),
});
