import { landRegistry, OrderIdPath, z } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { GatewayDeps } from '../deps';

// `POST /admin/v1/title-orders/:orderId/resolution` {reason?, operator?}: land-registry-orders asks the registry what
// became of a quarantined order's submission and moves the order on. 200 {order, resolution}; 404 ORDER_NOT_FOUND;
// 409 ORDER_NOT_QUARANTINED; 502 LAND_REGISTRY_ERROR (the registry could not be asked: nothing changed, try again).

const OrderResolution = z
  .object({
    reason: z.string().min(1).max(200).optional(),
    /** Who resolves it, recorded as the actor of the order's events (the operator API has one token for everyone). */
    operator: z
      .string()
      .regex(/^[A-Za-z0-9._@-]{1,64}$/)
      .optional(),
  })
  .strict();

/** Resolving asks the registry (10 s at most) and settles at the ledger (5 s at most) before answering. */
const resolutionTimeoutMs = 25_000;

const statusOf: Readonly<Record<string, number>> = {
  ORDER_NOT_FOUND: 404,
  ORDER_NOT_QUARANTINED: 409,
  LAND_REGISTRY_ERROR: 502,
  INVALID_COMMAND: 400,
};

export const resolveTitleOrder = (deps: GatewayDeps) => async (req: Request, res: Response) => {
  const refuse = (status: number, code: string, message: string) => {
    res.status(status).json({ success: false, error: { code, message } });
  };
  const body = OrderResolution.safeParse(req.body ?? {});
  if (!body.success) return refuse(400, 'INVALID_PARAMETERS', body.error.message);
  const path = OrderIdPath.safeParse(req.params);
  if (!path.success) return refuse(404, 'ORDER_NOT_FOUND', 'No such order: an order id is ord_ and 26 lower-case letters and digits.');
  const { orderId } = path.data;
  const data = { orderId, reason: body.data.reason ?? 'quarantine resolved by an operator' };
  const ctx = { correlationId: randomUUID(), actor: `operator:${body.data.operator ?? 'admin-api'}` };
  const commands = deps.topics.commands('land-registry-orders');
  try {
    const timeout = { timeoutMs: resolutionTimeoutMs };
    const reply = await deps.rpc.request(landRegistry.ResolveQuarantinedOrder, commands, orderId, data, ctx, timeout);
    if (reply.ok) return void res.status(200).json(reply.data);
    refuse(statusOf[reply.error.code] ?? 500, reply.error.code, reply.error.message);
  } catch (err) {
    const repeat = 'Repeat the command: a repeat is safe.';
    const late = `Order ${orderId} was not resolved in time; it may still be. ${repeat}`;
    if (err instanceof RequestTimeoutError) return refuse(504, 'UPSTREAM_TIMEOUT', late);
    refuse(500, 'INTERNAL_ERROR', `Resolving order ${orderId} failed: ${(err as Error).message}. ${repeat}`);
  }
};
