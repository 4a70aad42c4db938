import { Report } from '../../rest/reports';
import { z } from '../../zod';
import { defineReadModel } from '../read-model';

/** Each report as `report_status` shows it, with its account and when it was requested (the list's order). */
export const reportViews = defineReadModel({
  relation: 'report_views',
  owner: 'analysis',
  readers: ['gateway'],
  description: 'One row per report: its id, account, request time and the report as the REST API shows it.',
  row: z.object({ report_id: z.string(), account_id: z.string(), requested_at: z.date(), view: Report }),
});

/** The rendered documents of the reports. */
export const reportFiles = defineReadModel({
  relation: 'report_files',
  owner: 'analysis',
  readers: ['gateway'],
  description: 'One row per rendered report: its id, account, the PDF bytes, their SHA-256 and the file name to give.',
  row: z.object({ report_id: z.string(), account_id: z.string(), pdf: z.instanceof(Buffer), sha256: z.string(), filename: z.string() }),
});
