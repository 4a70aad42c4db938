import type { DataOf, epc, ReplyOf } from '@pds/contracts';
import type { DomainError, HandlerResult } from '@pds/service-runtime';
import { epcAnswer, floorAreaAnswer } from './answers';
import { findCertificates, type FindCertificatesDeps } from './find-certificates';

// The EPC and floor-area lookups' answers, from a property's certificates (find-certificates.ts): the lookup's refusal
// where there are none, several properties or no register to ask.

type Asked = DataOf<typeof epc.DescribeEnergyCertificates>;

/** What the caller is told of a refusal of the search; `notFound`: the operation's code for no certificate. */
const refusalOf = (error: DomainError, notFound: 'EPC_NOT_FOUND' | 'FLOOR_AREA_NOT_FOUND'): DomainError => {
  switch (error.code) {
    case 'EPC_NOT_FOUND':
      return { code: notFound, message: error.message };
    case 'EPC_ADDRESS_AMBIGUOUS':
      return {
        code: error.code,
        message:
          'The address matches more than one property in the postcode (`error.candidates`, and in details); ask by UPRN, or give the flat.',
        details: error.message,
        ...(error.candidates ? { candidates: error.candidates } : {}),
      };
    case 'EPC_SERVICE_ERROR':
      return { code: error.code, message: `${error.message} Retry later.` };
    default:
      return error;
  }
};

export const describeEnergyCertificates = async (
  deps: FindCertificatesDeps,
  { property }: Asked,
): Promise<HandlerResult<ReplyOf<typeof epc.DescribeEnergyCertificates>>> => {
  const found = await findCertificates(deps, property);
  if (!found.ok) return { ok: false, error: refusalOf(found.error, 'EPC_NOT_FOUND') };
  return { ok: true, data: { data: epcAnswer(found.data, deps.now()), sources: found.data.sources } };
};

export const describeFloorArea = async (
  deps: FindCertificatesDeps,
  { property }: Asked,
): Promise<HandlerResult<ReplyOf<typeof epc.DescribeFloorArea>>> => {
  const found = await findCertificates(deps, property);
  if (!found.ok) return { ok: false, error: refusalOf(found.error, 'FLOOR_AREA_NOT_FOUND') };
  const data = floorAreaAnswer(found.data);
  if (!data) {
    const { address, postcode } = found.data.property;
    return {
      ok: false,
      error: { code: 'FLOOR_AREA_NOT_FOUND', message: `No certificate of ${address}, ${postcode} records a floor area.` },
    };
  }
  return { ok: true, data: { data, sources: found.data.sources } };
};
