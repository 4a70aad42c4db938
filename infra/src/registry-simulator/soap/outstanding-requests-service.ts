import { businessGateway } from '@pds/land-register';
import type { RegistryState } from '../registry-state';
import { serverFault, type SoapHandler } from './soap-endpoint';

// Outstanding Requests V2_1: the requests of the organisation whose final answer has not been collected, each with
// whether an answer is waiting. Here: official copy requests taken, queued out of hours or sent for processing by
// hand (service 84), and searches queued (75), until a poll collects their final answer. The pack's vendor test
// message id `testnoresults` lists none; a service type Business Gateway does not have is a rejection.

const types = businessGateway.serviceTypes;

/** The service type codes Business Gateway lists (its Outstanding Requests service information). */
const knownServiceTypes = new Set([
  53, 54, 55, 56, 58, 60, 61, 63, 64, 65, 70, 71, 72, 73, 74, 75, 76, 77, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93,
  94, 104, 105, 107, 108, 110, 111, 112,
]); // prettier-ignore

export const outstandingRequestsHandler =
  (state: RegistryState): SoapHandler =>
  (content) => {
    const query = businessGateway.readOutstandingRequestsQuery(content);
    if (query.specificService !== undefined && !knownServiceTypes.has(query.specificService)) {
      return {
        kind: 'answer',
        content: businessGateway.outstandingRequestsRejectionContent(
          'bg.invalid.service.type',
          `Service type ${query.specificService} is not valid.`,
        ),
      };
    }
    // The registry too busy to say (a `delay` fault on status): the service's own fault, as when it is down.
    if (state.faults.take({ operation: 'status', modes: ['delay'], titleNumbers: [] }))
      return serverFault('Service is not currently available.');
    const now = state.clock.now();
    const outstanding: businessGateway.OutstandingRequest[] = [];
    if (query.messageId !== 'testnoresults') {
      for (const record of state.orders.records()) {
        if (!state.collected.has(record.messageId)) {
          outstanding.push({
            messageId: record.messageId,
            newResponse: record.status !== 'processing',
            serviceType: types.officialCopyTitleKnownV2_1,
          });
        }
      }
      for (const messageId of [...state.queuedCopies.keys(), ...state.postal.keys()]) {
        outstanding.push({ messageId, newResponse: false, serviceType: types.officialCopyTitleKnownV2_1 });
      }
      for (const [messageId, held] of state.searches) {
        if (!state.collected.has(messageId)) {
          outstanding.push({ messageId, newResponse: now >= held.readyAt, serviceType: types.searchByPropertyDescriptionV2_0 });
        }
      }
    }
    const listed = outstanding.filter(
      (r) =>
        (!query.showOnlyNewResponses || r.newResponse) && (query.specificService === undefined || r.serviceType === query.specificService),
    );
    return { kind: 'answer', content: businessGateway.outstandingRequestsListContent(listed, businessGateway.registryDateTime(now)) };
  };
