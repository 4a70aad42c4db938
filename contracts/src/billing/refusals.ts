import type { ErrorCode } from '../rest/errors';
import { ledgerErrorCodes } from './commands';

// The one place a ledger's refusal of a reservation becomes what the caller reads: the REST code (the same string)
// and a message that says what to do. The ledger's own message carries the figures ("50 credits needed, 12
// available"); what happened to the caller's money is added by whoever knows it (for these, nothing was charged).

/** The ledger's refusals of a reservation, each also a REST error code with its own status. */
export const reservationRefusalCodes = [
  ledgerErrorCodes.insufficientCredits,
  ledgerErrorCodes.insufficientPurchaseBalance,
  ledgerErrorCodes.orderingNotEnabled,
  ledgerErrorCodes.accountHeld,
  ledgerErrorCodes.accountInDebt,
] as const satisfies readonly ErrorCode[];
export type ReservationRefusalCode = (typeof reservationRefusalCodes)[number];

const isReservationRefusal = (code: string): code is ReservationRefusalCode =>
  (reservationRefusalCodes as readonly string[]).includes(code);

const words: Record<ReservationRefusalCode, (ledgerMessage: string) => string> = {
  INSUFFICIENT_CREDITS: (m) => `Not enough credits: ${m}.`,
  INSUFFICIENT_PURCHASE_BALANCE: (m) => `Not enough Purchase Balance: ${m}; top it up and order again with a new Idempotency-Key.`,
  ORDERING_NOT_ENABLED: () => 'Official copy ordering is not enabled for this account; ask us to enable it.',
  ACCOUNT_HELD: () => 'This account is on hold and cannot order official copies.',
  ACCOUNT_IN_DEBT: (m) => `This account is in debt and cannot order official copies until it is repaid (${m}).`,
};

/**
 * What the caller is told when the ledger refuses a reservation, or undefined for a code that is not such a refusal
 * (the ledger failing, which the caller must not be told is their fault).
 */
export const reservationRefusal = (error: {
  code: string;
  message: string;
}): { code: ReservationRefusalCode; message: string } | undefined =>
  isReservationRefusal(error.code) ? { code: error.code, message: words[error.code](error.message.replace(/[.\s]*$/, '')) } : undefined;
