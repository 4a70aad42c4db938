import { landRegistry, landRegistryTestRegisterExtraction, refusalOfReply } from '@pds/contracts';
import { envMs, RequestTimeoutError } from '@pds/service-runtime';
import { handlerOf } from '../../operations/handler';

/** Rendering and parsing the synthetic register takes a few seconds at most; this bounds a stuck one. */
const testExtractionTimeoutMs = envMs('TEST_EXTRACTION_TIMEOUT_MS', 30_000);

/** `land_registry_test_register_extraction`: free, calls no registry, orders nothing. Its body is `{}` or none. */
export const testRegisterExtraction = handlerOf(landRegistryTestRegisterExtraction, {
  handle: async ({ ctx, deps }) => {
    try {
      const reply = await deps.rpc.request(
        landRegistry.RunTestRegisterExtraction,
        deps.topics.commands('land-registry-orders'),
        ctx.requestId,
        {},
        ctx,
        {
          timeoutMs: testExtractionTimeoutMs,
        },
      );
      return reply.ok ? { ok: true, data: reply.data } : refusalOfReply(reply.error, 'Nothing was charged.');
    } catch (error) {
      if (!(error instanceof RequestTimeoutError)) throw error;
      return { ok: false, code: 'UPSTREAM_TIMEOUT', message: 'The test extraction was not answered in time; it is free, so retry.' };
    }
  },
});
