import { landRegistry, TestRegisterExtractionRequest } from '@pds/contracts';
import { envMs, RequestTimeoutError } from '@pds/service-runtime';
import { Router, type Request } from 'express';
import type { GatewayDeps } from '../../deps';
import { issueDetails } from '../../http/issue-details';
import { sendFree } from '../../http/respond';
import { authenticated } from '../authenticated';
import { refusalOfReply, sendRefusal, type Refusal } from './refusals';

/** Rendering and parsing the synthetic register takes a few seconds at most; this bounds a stuck one. */
const testExtractionTimeoutMs = envMs('TEST_EXTRACTION_TIMEOUT_MS', 30_000);

/** As type-is decides: a request has a body when it says how long it is (and not 0) or that it is chunked. */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/** The body must be `{}`; no body at all means the same. A body that is there but not JSON is not `{}`. */
export const checkEmptyBody = (body: unknown, bodyPresent: boolean): Refusal | undefined => {
  const given = body === undefined && !bodyPresent ? {} : body;
  const parsed = TestRegisterExtractionRequest.safeParse(given);
  if (parsed.success) return undefined;
  const details = given === undefined ? 'body: expected a JSON object (Content-Type: application/json)' : issueDetails(parsed.error.issues);
  return { ok: false, code: 'INVALID_PARAMETERS', message: 'The body must be an empty JSON object `{}`, or absent; this operation takes no input.', details };
};

/** `land_registry_test_register_extraction`: free, calls no registry, orders nothing. */
export const testRegisterExtractionRoutes = (deps: GatewayDeps) => {
  const commands = deps.topics.commands('land-registry-orders');
  return Router().post(
    '/land-registry/test-register-extraction',
    authenticated(deps, async (req, res, caller, ctx) => {
      const balance = () => deps.balanceFor(ctx, caller.accountId);
      const refusal = checkEmptyBody(req.body, hasBody(req));
      if (refusal) return sendRefusal(res, refusal, await balance(), deps.clock.now());
      try {
        const reply = await deps.rpc.request(landRegistry.RunTestRegisterExtraction, commands, ctx.requestId, {}, ctx, { timeoutMs: testExtractionTimeoutMs });
        if (!reply.ok) return sendRefusal(res, refusalOfReply(reply.error, 'Nothing was charged.'), await balance(), deps.clock.now());
        sendFree(res, reply.data, await balance());
      } catch (error) {
        if (!(error instanceof RequestTimeoutError)) throw error;
        sendRefusal(res, { ok: false, code: 'UPSTREAM_TIMEOUT', message: 'The test extraction was not answered in time; it is free, so retry.' }, await balance(), deps.clock.now());
      }
    }),
  );
};
