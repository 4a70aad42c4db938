import { Plan } from '../../billing/commands';
import { z } from '../../zod';
import { defineReadModel } from '../read-model';

/** Who holds a key: the gateway authenticates every request against this (by the key's SHA-256, never the key). */
export const apiCallers = defineReadModel({
  relation: 'api_callers',
  owner: 'billing-ledger',
  readers: ['gateway'],
  description: "One row per API key: the key's SHA-256, its account, the account's plan and any custom rate limits (null: the plan's).",
  row: z.object({
    key_hash: z.string().regex(/^[0-9a-f]{64}$/),
    account_id: z.string(),
    plan: Plan,
    rate_per_minute: z.number().int().nullable(),
    rate_per_day: z.number().int().nullable(),
    rate_per_month: z.number().int().nullable(),
  }),
});
