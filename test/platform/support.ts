import { DateTime } from 'luxon';
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../support/ledger';

/**
 * Writes, in a new directory `dir` that the containers' own users can read, a clock file (service-runtime's test
 * clock) putting business time at 10:00 tomorrow in London, when the registry takes orders. Answers the file's path.
 */
export const registryOpenClock = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const file = join(dir, 'clock.json');
  const at = DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0, second: 0 });
  // Written whole, then renamed, so that no service reads half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify({ offsetMs: at.toMillis() - Date.now() }), { mode: 0o644 });
  renameSync(`${file}.tmp`, file);
  return file;
};

/** Reads an order (`read` answers its `data`) until it is completed and its price captured; answers it. */
export const completedOrder = async (read: () => Promise<any>) => {
  let order: any;
  await waitFor(async () => {
    order = await read();
    // Optional: a read that failed answers no order.
    return order?.status === 'completed' && order?.cost?.paymentStatus === 'captured';
  }, 60_000).catch(() => {
    throw new Error(`the order did not complete; last seen ${JSON.stringify(order)}`);
  });
  return order;
};
