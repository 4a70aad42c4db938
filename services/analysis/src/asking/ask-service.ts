import type { CommandSpec, ReplyOf, ServiceName, Source, Topics, z } from '@pds/contracts';
import { RequestTimeoutError, type HandlerContext, type RequestReplyClient } from '@pds/service-runtime';

// A fact asked of the service that owns it (the location service's answers, land-registry-orders' titles), for a
// judgement composed of several: its answer, or its refusal with the REST code its own operation answers. A wait
// past the timeout is a refusal too (UPSTREAM_TIMEOUT): a part of a composed answer is left out, not the whole lost.

export type Asked<T> = { ok: true; data: T } | { ok: false; code: string; message: string; retryAfter?: string };
/** A part answered with its `sources`, as the location service answers an operation. */
export type Sourced<T> = { data: T; sources: Source[] };

export interface Asker {
  ask<S extends CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>>(
    service: ServiceName,
    command: S,
    data: z.input<S['data']>,
    ctx: HandlerContext,
  ): Promise<Asked<ReplyOf<S>>>;
}

/** Asks over Kafka, as the command being handled (its correlation and request ids), waiting at most `timeoutMs`. */
export const askerOf = (rpc: RequestReplyClient, topics: Topics, timeoutMs: number): Asker => ({
  ask: async (service, command, data, ctx) => {
    try {
      const reply = await rpc.request(command, topics.commands(service), ctx.metadata.requestId ?? ctx.commandId, data, ctx.metadata, {
        timeoutMs,
      });
      if (reply.ok) return { ok: true, data: reply.data };
      const { code, message, retryAfter } = reply.error;
      return { ok: false, code, message, ...(retryAfter ? { retryAfter } : {}) };
    } catch (error) {
      if (!(error instanceof RequestTimeoutError)) throw error;
      return { ok: false, code: 'UPSTREAM_TIMEOUT', message: `The ${service} service did not answer ${command.type} in time.` };
    }
  },
});
