import { epc, type PropertyQuery, type ReplyOf } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import type { Call, Refusal } from '../../operations/handler';

// The certificates of the property asked about, from the location service (which owns the bulk download and the live
// register's adapter), or the refusal the caller reads. Nothing is charged for a refusal: the pipeline captures the
// reservation only for an answer.

export type Certificates = ReplyOf<typeof epc.FindEnergyCertificates>;

const nothingCharged = 'Nothing was charged.';

/** `notFound`: the code this operation answers when the property has no certificate. */
export const askForCertificates = async (
  { input, ctx, deps }: Pick<Call<never>, 'ctx' | 'deps'> & { input: { query: PropertyQuery } },
  notFound: 'EPC_NOT_FOUND' | 'FLOOR_AREA_NOT_FOUND',
): Promise<{ ok: true; certificates: Certificates } | Refusal> => {
  const { uprn, address, postcode } = input.query;
  const property = uprn !== undefined ? { uprn } : { address: address as string, postcode: postcode as string };
  let reply;
  try {
    reply = await deps.rpc.request(epc.FindEnergyCertificates, deps.topics.commands('location'), ctx.requestId, { property }, ctx, {
      timeoutMs: deps.workTimeoutMs,
    });
  } catch (error) {
    if (!(error instanceof RequestTimeoutError)) throw error;
    return { ok: false, code: 'UPSTREAM_TIMEOUT', message: `The certificates were not found in time. ${nothingCharged} Retry shortly.` };
  }
  if (reply.ok) return { ok: true, certificates: reply.data };
  const { code, message, candidates } = reply.error;
  switch (code) {
    case epc.epcErrorCodes.notFound:
      return { ok: false, code: notFound, message: `${message} ${nothingCharged}` };
    case epc.epcErrorCodes.ambiguous:
      return {
        ok: false,
        code: 'EPC_ADDRESS_AMBIGUOUS',
        message:
          'The address matches more than one property in the postcode (`error.candidates`, and in details); ask by UPRN, or give the ' +
          `flat. ${nothingCharged}`,
        details: message,
        ...(candidates ? { candidates } : {}),
      };
    case epc.epcErrorCodes.serviceError:
      return { ok: false, code: 'EPC_SERVICE_ERROR', message: `${message} ${nothingCharged} Retry later.` };
    default:
      ctx.logger.error({ error: reply.error }, 'the location service refused a certificate lookup');
      return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `The certificates could not be looked up. ${nothingCharged}` };
  }
};
