import { accountShow } from './account';
import { accountUsage } from './account-usage';
import { dataOperations } from './data-operations';
import { reportCreate, reportDocument, reportList, reportStatus } from './report-operations';
import { webhookCreate, webhookDelete, webhookDeliveries, webhookDeliveryRetry, webhookList } from './webhook-operations';

/**
 * The route table: every REST operation, keyed by the specification's operation id (those answering with data in
 * data-operations.ts, one line each, then the jobs assembled from them, the webhooks that say when they end, and the caller's own account). The
 * gateway routes exactly these (it must give each a handler, or it does not compile) and the OpenAPI document
 * describes exactly these.
 */
export const operations = {
  ...dataOperations,
  report_create: reportCreate,
  report_status: reportStatus,
  report_document: reportDocument,
  report_list: reportList,
  webhook_create: webhookCreate,
  webhook_list: webhookList,
  webhook_delete: webhookDelete,
  webhook_deliveries: webhookDeliveries,
  webhook_delivery_retry: webhookDeliveryRetry,
  account_show: accountShow,
  account_usage: accountUsage,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** Operations anyone may call: no key, no limits, no charge (the interface description). */
export type PublicOperationId = { [K in OperationId]: Operations[K] extends { public: true } ? K : never }[OperationId];
export type AuthenticatedOperationId = Exclude<OperationId, PublicOperationId>;
