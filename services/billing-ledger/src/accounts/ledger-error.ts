import type { Account, OpenAccount } from './account';
import { billing } from '@pds/contracts';

/** A business rule said no; the code travels to the caller unchanged. */
export class LedgerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const codes = billing.ledgerErrorCodes;

export const requireOpen = (state: Account, accountId: string): OpenAccount => {
  if (state.status !== 'open') throw new LedgerError(codes.accountNotFound, `account ${accountId} does not exist`);
  return state;
};
