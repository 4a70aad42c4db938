import { billing } from '@pds/contracts';
import type { Response } from 'express';

const notFoundCodes: readonly string[] = [billing.ledgerErrorCodes.accountNotFound, billing.ledgerErrorCodes.keyNotFound];

type Outcome = { ok: true; data: object } | { ok: false; error: { code: string; message: string } };

/**
 * The ledger's answer as the operator API gives it: the data, or its refusal (404 for what does not exist, 503 for a
 * change not yet shown where the gateway reads it, else 409).
 */
export const answer = (res: Response, outcome: Outcome, extra: Record<string, unknown> = {}) => {
  if (outcome.ok) return void res.status(200).json({ ...extra, ...outcome.data });
  const { code } = outcome.error;
  const status = notFoundCodes.includes(code) ? 404 : code === 'SERVICE_UNAVAILABLE' ? 503 : 409;
  res.status(status).json({ success: false, error: outcome.error });
};

export const invalid = (res: Response, message: string) =>
  void res.status(400).json({ success: false, error: { code: 'INVALID_PARAMETERS', message } });

export const unavailable = (res: Response, message: string) =>
  void res.status(503).json({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message } });
