import { LedgerBalance } from '../billing/commands';
import { defineCommand } from '../messaging/envelope';
import {
  OrderIdPath,
  TitleAvailability,
  TitleCandidates,
  TitleMatchRequest,
  TitleNumber,
  TitleOrder,
  TitleOrderRequest,
} from '../rest/land-registry';
import { RegisteredProprietors } from '../rest/registered-proprietors';
import { z } from '../zod';
import { SyntheticTestRegisterResult } from './extraction';

// Commands the gateway sends to land-registry-orders. Refusals come back as domain errors with the REST error code
// (e.g. TITLE_NOT_FOUND, LAND_REGISTRY_DELAYED), so the gateway maps them without knowing the registry.

const accountId = z.string().min(1).max(100);

export const FindTitles = defineCommand('FindTitles', z.object({ search: TitleMatchRequest }), TitleCandidates);

export const DescribeTitle = defineCommand('DescribeTitle', z.object({ titleNumber: TitleNumber }), TitleAvailability);

/** The registered proprietors of a title, as the registry names them (Registered Proprietor Names). */
export const DescribeProprietors = defineCommand('DescribeProprietors', z.object({ titleNumber: TitleNumber }), RegisteredProprietors);

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

/** What the registry said about a quarantined order when an operator resolved it; the same on every repeat. */
export const QuarantineResolution = z.object({
  /** `accepted`: the registry holds the order (whatever became of it since); `never_received`: it has no record of it. */
  finding: z.enum(['accepted', 'never_received']),
  registryReference: z.string().nullable(),
  /** Business time. */
  resolvedAt: z.string().datetime({ offset: true }),
});
export type QuarantineResolution = z.infer<typeof QuarantineResolution>;

/**
 * An operator's command (operator API → land-registry-orders): ask the registry what became of a quarantined order's
 * submission and move the order on. Who asked travels in the metadata's actor; why, in `reason`. A repeat answers
 * with the same resolution and the order as it now stands. Refusals: `orderResolutionErrorCodes`.
 */
export const ResolveQuarantinedOrder = defineCommand(
  'ResolveQuarantinedOrder',
  z.object({ orderId: OrderIdPath.shape.orderId, reason: z.string().min(1).max(200) }),
  z.object({ order: TitleOrder, resolution: QuarantineResolution }),
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

/** Refusals of ResolveQuarantinedOrder, for the operator API only (not REST error codes of the public API). */
export const orderResolutionErrorCodes = {
  orderNotFound: 'ORDER_NOT_FOUND',
  orderNotQuarantined: 'ORDER_NOT_QUARANTINED',
  /** The registry could not be asked (down, busy, nonsense): nothing changed, the order stays quarantined. */
  registryError: 'LAND_REGISTRY_ERROR',
} as const;
