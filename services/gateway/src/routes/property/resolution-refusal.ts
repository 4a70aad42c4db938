import { readModels, type PropertyRef } from '@pds/contracts';
import type { Refusal } from '../../operations/handler';

/** The refusal for a property the address dataset does not settle: none, or several (with the candidates). Free. */
export const resolutionRefusal = (resolved: Exclude<readModels.Resolution, { kind: 'found' }>, ref: PropertyRef): Refusal => {
  const refusal = readModels.resolutionRefusal(resolved, ref);
  return { ok: false, ...refusal, message: `${refusal.message} Nothing was charged.` };
};
