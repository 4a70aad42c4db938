import type { ReportRequest } from '@pds/contracts';
import { createHash } from 'node:crypto';

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * One report per account and Idempotency-Key: the id is derived from both, so every retry (and every concurrent twin)
 * of a request lands on the same report stream, and the event store lets only one of them create it.
 */
export const reportIdFor = (accountId: string, idempotencyKey: string): string => {
  const digest = createHash('sha256').update(`${accountId}\u0000${idempotencyKey}`).digest();
  let id = '';
  for (let i = 0; i < 26; i++) id += base32[(digest[i] ?? 0) % 32];
  return `rep_${id}`;
};

export const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * The request as validated (defaults applied), in a fixed key order, with the logo by its hash: a retry must ask for
 * exactly the same report. `asOf` left out means "today", which is what it is recorded as: a retry on the next day
 * still names the same report.
 */
export const requestHashOf = (r: ReportRequest): string => {
  const { branding } = r;
  return sha256Of(
    JSON.stringify([
      r.type,
      'uprn' in r.subject ? ['uprn', r.subject.uprn] : ['address' in r.subject ? r.subject.address : null, r.subject.postcode],
      r.asOf ?? null,
      branding.companyName,
      branding.primaryColour,
      branding.footerText ?? null,
      branding.logo ? sha256Of(Buffer.from(branding.logo, 'base64')) : null,
    ]),
  );
};

export const reservationIdFor = (reportId: string) => `rsv_${reportId}`;
