import type { Answer, TitleSummary } from '../registry-gateway';
import { fetchDocumentAvailability, RestServiceError, titleSummaryOf } from './rest';
import type { BusinessGatewayTransport } from './transport';

// A title's description is what Official Copies Document Availability says of it: whether it is open, pending
// applications, and which copies can be issued at once. A title number the registry cannot read as one (its 400) is
// no title it holds, as a number it does not know (its 404) is not; a full or busy service asks to be tried again.

export const describeByAvailability = async (
  transport: BusinessGatewayTransport,
  titleNumber: string,
  now: Date,
): Promise<Answer<TitleSummary | null>> => {
  let answer;
  try {
    answer = await fetchDocumentAvailability(transport, titleNumber, now);
  } catch (err) {
    if (err instanceof RestServiceError && err.status === 400) return { kind: 'ok', value: null };
    throw err;
  }
  switch (answer.kind) {
    case 'not-found':
      return { kind: 'ok', value: null };
    case 'delayed':
      return { kind: 'delayed', retryAfter: answer.retryAfter };
    case 'found':
      return { kind: 'ok', value: titleSummaryOf(answer.availability) };
  }
};
