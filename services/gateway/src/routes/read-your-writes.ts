import { readModels, type Queryable } from '@pds/contracts';
import { envMs } from '@pds/service-runtime';

// Read your own writes: the status endpoint reads the order's read model, which the order service's projection writes
// just after the placement is recorded (tens of milliseconds). A client that polls as soon as it has its 202 must
// find its order there, not a 404 ORDER_NOT_FOUND; so the 202 waits until the order can be read, for a bounded time.

/** How long a placement's answer waits for its order to become readable; past it, the 202 goes anyway. */
const readableWithinMs = envMs('ORDER_READABLE_WAIT_MS', 3_000);
const pollMs = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves true once the caller's order is in the read model, false if it is not within `waitMs` (the projection
 * behind, or the read failing: the status read will say so itself). The order is placed either way.
 */
export const untilOrderReadable = (db: Queryable, orderId: string, accountId: string, waitMs = readableWithinMs): Promise<boolean> =>
  untilReadable(readModels.titleOrderQueries.isReadable, db, orderId, accountId, waitMs);

/** The same wait for any job the caller starts and then polls (an order, a report), by its owner's `isReadable`. */
export const untilReadable = async (
  isReadable: (db: Queryable, id: string, accountId: string) => Promise<boolean>,
  db: Queryable,
  id: string,
  accountId: string,
  waitMs = readableWithinMs,
): Promise<boolean> => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const found = await isReadable(db, id, accountId).catch(() => undefined);
    if (found) return true;
    if (found === undefined || Date.now() >= deadline) return false;
    await sleep(pollMs);
  }
};
