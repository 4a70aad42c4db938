import type { AddressLookupResult, InputContext } from '@pds/contracts';
import type { PlacedReport } from './report';
import type { StoredAnswer } from './report-store';

// What a section's query is made from: the report's terms, and the answers it depends on once they are stored (the
// property's identity gives the place and the postcode; the valuation, purchase tax's price).

export const inputContextOf = (r: PlacedReport, stored: Map<string, StoredAnswer>): InputContext => {
  const context: InputContext = { type: r.type, subject: r.subject, asOf: r.asOf, asOfIsToday: r.asOfIsToday };
  const identity = stored.get('identity')?.data;
  if (r.type === 'property-pack' && identity) {
    const found = identity as AddressLookupResult;
    context.identity = {
      uprn: found.uprn,
      postcode: found.postcode,
      addressText: found.address.lines.join(', '),
      latitude: found.latitude,
      longitude: found.longitude,
    };
  }
  const valuation = stored.get('valuation')?.data as { estimatedValue?: number } | undefined;
  if (valuation?.estimatedValue !== undefined) context.estimatedValue = valuation.estimatedValue;
  return context;
};
