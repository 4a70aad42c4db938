import { defineCommand } from '../messaging/envelope';
import { LedgerBalance } from '../billing/commands';
import { Report, ReportRequest } from '../rest/reports';
import { z } from '../zod';

/**
 * Requests a report (`POST /reports`), served by the analysis service, which assembles and renders it. The key names
 * the report: a retry with the same key and request answers the same report and reserves nothing again.
 */
export const PlaceReport = defineCommand(
  'PlaceReport',
  z.object({
    accountId: z.string().min(1).max(100),
    idempotencyKey: z.string().min(8).max(128),
    request: ReportRequest,
    requestId: z.string(),
  }),
  z.object({ report: Report, placedNow: z.boolean(), balance: LedgerBalance.optional() }),
);
