import { ReportRequest } from '@pds/contracts';
import { issueDetails } from '../../http/issue-details';
import type { Checked } from '../../operations/handler';
import { readIdempotencyKey } from '../placement';

/**
 * A report request's key and body, or the first reason to refuse it, checked in the order the caller should fix them:
 * the key (without which a retry could reserve twice), then the body. All before anything is sent on.
 */
export const checkReportRequest = (
  idempotencyKeyHeader: string | undefined,
  body: unknown,
): Checked<{ idempotencyKey: string; request: ReportRequest }> => {
  const key = readIdempotencyKey(idempotencyKeyHeader, 'report');
  if (!key.ok) return key;
  const parsed = ReportRequest.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message:
        'The report request is invalid: it needs `type` (property-pack or area-pack), `subject` and `branding.companyName`, and no other properties. Nothing was reserved.',
      details: issueDetails(parsed.error.issues),
    };
  }
  return { ok: true, value: { idempotencyKey: key.value, request: parsed.data } };
};
