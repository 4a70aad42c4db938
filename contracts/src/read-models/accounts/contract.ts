import { Plan } from '../../billing/commands';
import { z } from '../../zod';
import { defineReadModel } from '../read-model';

/** Who holds a key: the gateway authenticates every request against this (by the key's SHA-256, never the key). */
export const apiCallers = defineReadModel({
  relation: 'api_callers',
  owner: 'billing-ledger',
  readers: ['gateway'],
  description:
    "One row per API key that has not been revoked: the key's SHA-256, its account, the account's plan, any custom rate limits (null: the plan's), the key's id and, once rotated, when it stops (null: it does not).",
  row: z.object({
    key_hash: z.string().regex(/^[0-9a-f]{64}$/),
    account_id: z.string(),
    plan: Plan,
    rate_per_minute: z.number().int().nullable(),
    rate_per_day: z.number().int().nullable(),
    rate_per_month: z.number().int().nullable(),
    key_id: z.string(),
    expires_at: z.date().nullable(),
  }),
});

/** An account's keys as their owner sees them: never the hash. A revoked key stays listed, with when. */
export const accountApiKeys = defineReadModel({
  relation: 'account_api_keys',
  owner: 'billing-ledger',
  readers: ['gateway'],
  description:
    'One row per key ever issued to an account: its id, name, prefix, when made, and when it stops or stopped (rotation, revocation).',
  row: z.object({
    account_id: z.string(),
    key_id: z.string(),
    name: z.string(),
    key_prefix: z.string(),
    created_at: z.date(),
    expires_at: z.date().nullable(),
    revoked_at: z.date().nullable(),
    replaced_by_key_id: z.string().nullable(),
  }),
});
