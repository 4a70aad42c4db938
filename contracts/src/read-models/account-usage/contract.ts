import { z } from '../../zod';
import { defineReadModel } from '../read-model';

/** What each account spent on each operation, by UK calendar day: charges and refunds, in credits. */
export const accountUsageDays = defineReadModel({
  relation: 'account_usage_days_view',
  owner: 'billing-ledger',
  readers: ['gateway'],
  description:
    'One row per account, UK day (of the business time each charge or refund was decided) and operation: charges (one-step charges and captured reservations) and their credits, refunds and theirs.',
  row: z.object({
    account_id: z.string(),
    day: z.string(),
    operation: z.string(),
    charges: z.coerce.number().int(),
    credits_charged: z.coerce.number().int(),
    refunds: z.coerce.number().int(),
    credits_refunded: z.coerce.number().int(),
  }),
});

/** How far the usage projection has read each account. */
export const accountUsageProgress = defineReadModel({
  relation: 'account_usage_progress_view',
  owner: 'billing-ledger',
  readers: ['gateway'],
  description: 'The position and business time of the latest event of each account the usage projection has read.',
  row: z.object({ account_id: z.string(), last_global_position: z.coerce.number().int(), last_event_at: z.date() }),
});
