import { IdempotencyKey, ReportRequest } from '@pds/contracts';
import { issueDetails } from '../../http/issue-details';
import type { Checked } from '../../operations/handler';

/**
 * A report request's key and body, or the first reason to refuse it, checked in the order the caller should fix them:
 * the key (without which a retry could reserve twice), then the body. All before anything is sent on.
 */
export const checkReportRequest = (
  idempotencyKeyHeader: string | undefined,
  body: unknown,
): Checked<{ idempotencyKey: string; request: ReportRequest }> => {
  if (idempotencyKeyHeader === undefined || idempotencyKeyHeader === '') {
    return {
      ok: false,
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: 'Send an Idempotency-Key header (8 to 128 printable ASCII characters, unique per report) so that a retry cannot pay twice.',
    };
  }
  const key = IdempotencyKey.safeParse(idempotencyKeyHeader);
  if (!key.success) {
    return {
      ok: false,
      code: 'INVALID_IDEMPOTENCY_KEY',
      message: 'The Idempotency-Key header must be 8 to 128 printable ASCII characters without spaces.',
      details: issueDetails(key.error.issues, 'Idempotency-Key'),
    };
  }
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
  return { ok: true, value: { idempotencyKey: key.data, request: parsed.data } };
};
