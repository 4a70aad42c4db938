import {
  landRegistry,
  landRegistryDocumentAvailability,
  landRegistryTitleLookup,
  propertyRegisteredProprietors,
  refusalOfReply,
  type CommandSpec,
  type z,
} from '@pds/contracts';
import { RequestTimeoutError, type RequestOutcome } from '@pds/service-runtime';
import { handlerOf, type Answer, type Call } from '../../operations/handler';

import { checkTitleMatch } from './title-match-request';

const nothingCharged = 'Nothing was charged.';

/** The registry's answer, or why not; the pipeline captures the 25 credits only for an answer. */
const asked = async <T>(ask: () => Promise<RequestOutcome<T>>): Promise<Answer> => {
  try {
    const reply = await ask();
    return reply.ok ? { ok: true, data: reply.data } : refusalOfReply(reply.error, nothingCharged);
  } catch (error) {
    if (error instanceof RequestTimeoutError) {
      return {
        ok: false,
        code: 'UPSTREAM_TIMEOUT',
        message: `The Land Registry lookup was not answered in time. ${nothingCharged} Retry shortly.`,
      };
    }
    throw error;
  }
};

/** One command to land-registry-orders, which asks the registry; its answer, or why not. */
const askRegistry = <S extends CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>>(
  { ctx, deps }: Pick<Call<never>, 'ctx' | 'deps'>,
  command: S,
  data: z.input<S['data']>,
) =>
  asked(() =>
    deps.rpc.request(command, deps.topics.commands('land-registry-orders'), ctx.requestId, data, ctx, { timeoutMs: deps.workTimeoutMs }),
  );

/** `land_registry_title_lookup`: the body's two alternatives are told apart before the schema words a refusal. */
export const titleLookup = handlerOf(landRegistryTitleLookup, {
  read: (raw) => {
    const checked = checkTitleMatch(raw.body);
    return checked.ok ? { ok: true, value: { query: undefined, params: undefined, headers: undefined, body: checked.value } } : checked;
  },
  handle: (call) => askRegistry(call, landRegistry.FindTitles, { search: call.input.body }),
});

/** `land_registry_document_availability`. */
export const documentAvailability = handlerOf(landRegistryDocumentAvailability, {
  handle: (call) => askRegistry(call, landRegistry.DescribeTitle, { titleNumber: call.input.params.titleNumber }),
});

/** `property_registered_proprietors`: the registry's names of a title's proprietors, asked through land-registry-orders. */
export const registeredProprietors = handlerOf(propertyRegisteredProprietors, {
  handle: (call) => askRegistry(call, landRegistry.DescribeProprietors, { titleNumber: call.input.query.titleNumber }),
});
