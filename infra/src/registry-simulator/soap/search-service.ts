import { businessGateway, toRegistryIso } from '@pds/land-register';
import type { RegistryState } from '../registry-state';
import { registryAddressOf } from '../titles/registry-address';
import { allTitles } from '../titles/dataset';
import { holdBack, type SoapHandler, type SoapReply } from './soap-endpoint';
import { searchTitles } from './title-search';
import { outOfHoursMessageIds, stillOutOfHoursMessageId, vendorSearches } from './vendor-cases';

// Enquiry by Property Description V2_0 and its poll service. A search is answered at once, at any hour, unless a
// `delay` fault holds (or the request carries one of the pack's out-of-hours message ids): then it is acknowledged
// as queued, with the time to poll, and its poll answers the search once that time has come.

const queuedText = 'Service is not currently available.System has queued your request,please poll at specified time.';
const defaultRetryAfterSeconds = 30;

const tenureCodeOf = (tenure: 'freehold' | 'leasehold') => (tenure === 'freehold' ? '10' : '20');

/** The answer to a search, as the registry would give it now. */
const answerOf = (search: businessGateway.PropertyDescriptionSearch): SoapReply => {
  const vendor = vendorSearches.find((v) => v.matches(search.address));
  const outcome = vendor
    ? vendor.answer.kind === 'titles'
      ? { kind: 'titles' as const, titles: vendor.answer.titles }
      : vendor.answer
    : (() => {
        const found = searchTitles(allTitles, search.address);
        if (found.kind === 'refused') return found;
        return {
          kind: 'titles' as const,
          titles: found.titles.map((t) => ({
            titleNumber: t.titleNumber,
            description: null,
            tenureCode: tenureCodeOf(t.tenure),
            address: registryAddressOf(t),
          })),
        };
      })();
  if (outcome.kind === 'refused') {
    return {
      kind: 'answer',
      content: businessGateway.rejectionContent({
        externalReference: search.externalReference,
        code: outcome.code,
        reason: outcome.reason,
        otherDescription: null,
        validationErrors: [],
        actualGrossPrice: null,
      }),
    };
  }
  return {
    kind: 'answer',
    content: businessGateway.searchResultContent({ externalReference: search.externalReference, titles: outcome.titles }),
  };
};

const queued = (messageId: string, at: Date): SoapReply => ({
  kind: 'answer',
  content: businessGateway.acknowledgementContent({
    uniqueId: messageId,
    expectedResponseDateTime: businessGateway.registryDateTime(at),
    description: queuedText,
    hmlrReference: null,
  }),
});

export const searchHandler =
  (state: RegistryState): SoapHandler =>
  async (content, { req, res }) => {
    const search = businessGateway.readSearchRequest(content);
    const now = state.clock.now();
    const vendorQueued = outOfHoursMessageIds.has(search.messageId);
    const found = searchTitles(allTitles, search.address);
    const titleNumbers = found.kind === 'found' ? found.titles.map((t) => t.titleNumber) : [];
    const fault = vendorQueued ? null : state.faults.take({ operation: 'search', modes: ['delay'], titleNumbers });
    if (vendorQueued || fault) {
      const readyAt = new Date(now.getTime() + (fault?.retryAfterSeconds ?? defaultRetryAfterSeconds) * 1000);
      state.searches.set(search.messageId, { search, readyAt });
      state.logger.info({ messageId: search.messageId, readyAt: toRegistryIso(readyAt) }, 'search queued');
      return queued(search.messageId, readyAt);
    }
    const slow = state.faults.take({ operation: 'search', modes: ['slow'], titleNumbers });
    if (slow && !(await holdBack(req, res, slow.delayMs))) return { kind: 'none' };
    return answerOf(search);
  };

export const searchPollHandler =
  (state: RegistryState): SoapHandler =>
  (content) => {
    const messageId = businessGateway.readPollRequest(content);
    const now = state.clock.now();
    if (messageId === stillOutOfHoursMessageId) return queued(messageId, new Date(now.getTime() + defaultRetryAfterSeconds * 1000));
    const held = state.searches.get(messageId);
    if (!held) return { kind: 'answer', content: unknownRequest(messageId) };
    if (now < held.readyAt) return queued(messageId, held.readyAt);
    state.collected.add(messageId);
    return answerOf(held.search);
  };

/** A poll for a message id the registry never received: the test environment's answer (the pack gives none). */
export const unknownRequest = (messageId: string) =>
  businessGateway.rejectionContent({
    externalReference: messageId,
    code: businessGateway.unknownRequestCode,
    reason: `No request with message ID ${messageId} has been received.`,
    otherDescription: null,
    validationErrors: [],
    actualGrossPrice: null,
  });
