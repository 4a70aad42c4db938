import type { PropertyRef, readModels } from '@pds/contracts';
import type { Refusal } from '../../operations/handler';

/** The refusal for a property the address dataset does not settle: none, or several (with the candidates). Free. */
export const resolutionRefusal = (resolved: Exclude<readModels.Resolution, { kind: 'found' }>, ref: PropertyRef): Refusal => {
  if (resolved.kind === 'ambiguous') {
    return {
      ok: false,
      code: 'ADDRESS_AMBIGUOUS',
      message: `The address matches ${resolved.candidates.length} addresses in the postcode; retry with the \`uprn\` meant (\`error.candidates\`). Nothing was charged.`,
      candidates: resolved.candidates,
    };
  }
  const what = 'uprn' in ref ? `UPRN ${ref.uprn}` : `"${ref.address}" in ${ref.postcode}`;
  return { ok: false, code: 'PROPERTY_NOT_FOUND', message: `No address in the address dataset is ${what}. Nothing was charged.` };
};
