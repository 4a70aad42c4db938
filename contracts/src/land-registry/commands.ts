import { LedgerBalance } from '../billing/commands';
import { defineCommand } from '../messaging/envelope';
import { TitleAvailability, TitleCandidates, TitleMatchRequest, TitleNumber, TitleOrder, TitleOrderRequest } from '../rest/land-registry';
import { z } from '../zod';
import { SyntheticTestRegisterResult } from './extraction';

// Commands the gateway sends to land-registry-orders. Refusals come back as domain errors with the REST error code
// (e.g. TITLE_NOT_FOUND, LAND_REGISTRY_DELAYED), so the gateway maps them without knowing the registry.

const accountId = z.string().min(1).max(100);

export const FindTitles = defineCommand('FindTitles', z.object({ search: TitleMatchRequest }), TitleCandidates);

export const DescribeTitle = defineCommand('DescribeTitle', z.object({ titleNumber: TitleNumber }), TitleAvailability);

export const PlaceTitleOrder = defineCommand(
  'PlaceTitleOrder',
  z.object({
    accountId,
    idempotencyKey: z.string().min(8).max(128),
    request: TitleOrderRequest,
    requestId: z.string().min(1).max(100),
  }),
  z.object({
    order: TitleOrder,
    /** True when this command placed the order; false when it answered an earlier one with the same key. */
    placedNow: z.boolean(),
    /** The ledger's balance after reserving, when this command reserved. */
    balance: LedgerBalance.optional(),
  }),
);

export const RunTestRegisterExtraction = defineCommand('RunTestRegisterExtraction', z.object({}), SyntheticTestRegisterResult);

/**
 * Domain error codes of these commands: each is also a REST error code. A ledger refusal of the order's charges comes
 * back with the ledger's code (INSUFFICIENT_CREDITS, INSUFFICIENT_PURCHASE_BALANCE, ORDERING_NOT_ENABLED, ACCOUNT_HELD,
 * ACCOUNT_IN_DEBT) and the reply's data, so the gateway can show the balance.
 */
export const landRegistryErrorCodes = {
  titleNotFound: 'TITLE_NOT_FOUND',
  titleClosed: 'TITLE_CLOSED',
  backdatedCopyNotConfirmed: 'BACKDATED_COPY_NOT_CONFIRMED',
  documentNotAvailable: 'DOCUMENT_NOT_AVAILABLE',
  registryDelayed: 'LAND_REGISTRY_DELAYED',
  registryError: 'LAND_REGISTRY_ERROR',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;
