import { billing } from '@pds/contracts';
import type { LedgerOutcome } from '@pds/ledger-client';
import type { Response } from 'express';

const notFoundCodes: readonly string[] = [billing.ledgerErrorCodes.accountNotFound, billing.ledgerErrorCodes.keyNotFound];

/** The ledger's answer as the operator API gives it: the data, or its refusal (404 for what does not exist, else 409). */
export const answer = (res: Response, outcome: LedgerOutcome, extra: Record<string, unknown> = {}) => {
  if (outcome.ok) res.status(200).json({ ...extra, ...outcome.data });
  else res.status(notFoundCodes.includes(outcome.error.code) ? 404 : 409).json({ success: false, error: outcome.error });
};

export const invalid = (res: Response, message: string) =>
  void res.status(400).json({ success: false, error: { code: 'INVALID_PARAMETERS', message } });

export const unavailable = (res: Response, message: string) =>
  void res.status(503).json({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message } });
