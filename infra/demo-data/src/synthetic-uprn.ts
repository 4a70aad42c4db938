import { createHash } from 'node:crypto';
import { normalisePostcode } from '@pds/contracts';

// The demo region's addresses have no open UPRNs (OS AddressBase is not open data), so the synthetic demo files give
// each address a made-up UPRN, the same in every synthetic file (addresses, EPC certificates, …) so that they join as
// real ones would. 12 digits starting 99: made here, and labelled synthetic wherever they are served.

const part = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().toUpperCase();

/** A deterministic 12-digit UPRN for an address given by postcode, PAON (number or name) and SAON (flat). */
export const syntheticUprn = (postcode: string, paon: string, saon?: string | null): string => {
  const key = `${normalisePostcode(postcode)}|${part(saon)}|${part(paon)}`;
  const digest = createHash('sha256').update(key).digest();
  const n = digest.readBigUInt64BE(0) % 10_000_000_000n;
  return `99${n.toString().padStart(10, '0')}`;
};
