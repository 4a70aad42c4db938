import { orderEvents } from '@pds/contracts';
import { foldStream, type EventStore, type RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';
import { evolve } from '../orders/evolve';
import { nextStep } from '../orders/next-step';
import { initialState, isPlaced, type OrderEvent } from '../orders/order';
import { titleOrderView } from '../orders/view';

const parse = (r: RecordedEvent): OrderEvent => orderEvents.OrderEvent.parse({ type: r.type, data: r.data });

/** Business time of the event: when its step was taken. */
const atOf = (e: OrderEvent): string => ('at' in e.data ? e.data.at : e.data.requestedAt);

/**
 * `title_orders`: each order as the status endpoint shows it, and when its driver should next act (a queued order at
 * its retry time, a finished one never). Each order touched by a batch is folded afresh from its stream, so the row
 * is always a whole, consistent state, never a patch.
 */
export const titleOrdersProjection =
  (store: EventStore) =>
  async (events: RecordedEvent[], tx: pg.PoolClient): Promise<void> => {
    const streams = [...new Set(events.map((e) => e.streamId))];
    for (const streamId of streams) {
      const recorded = await store.readStream(streamId);
      // An event that cannot apply fails the pass, naming its stream and position; the follower logs it and retries.
      const state = foldStream(recorded, parse, evolve, initialState());
      if (!isPlaced(state)) continue;
      const last = parse(recorded[recorded.length - 1] as RecordedEvent);
      // Judged at the epoch, a queued order is always "waiting until its retry time"; anything else due is due now.
      const step = nextStep(state, new Date(0));
      const nextStepAt = step.kind === 'none' ? null : step.kind === 'wait' ? step.until : atOf(last);
      await tx.query(
        `INSERT INTO title_orders (order_id, account_id, status, view, next_step_at, updated_at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, view = EXCLUDED.view, next_step_at = EXCLUDED.next_step_at, updated_at = now()`,
        [state.orderId, state.accountId, state.status, JSON.stringify(titleOrderView(state)), nextStepAt],
      );
    }
  };
