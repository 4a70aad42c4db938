import { randomUUID } from 'node:crypto';

// Business Gateway knows a request by its MessageID (5 to 50 letters, digits and hyphens, not starting with a hyphen)
// and answers a repeated MessageID with the answer it gave the first time, never processing it twice. An order's
// MessageID is therefore derived from the order's own id, so that every submission of one order, after a crash or a
// lost answer, is the same request to the registry; a search, which orders nothing, takes a fresh one each time.

const allowed = /^[a-zA-Z0-9][a-zA-Z0-9-]{4,49}$/;

/** The MessageID of an order: its id with every other character as a hyphen. */
export const orderMessageId = (orderId: string): string => {
  const id = orderId.replace(/[^a-zA-Z0-9-]/g, '-');
  if (!allowed.test(id)) throw new Error(`order id ${orderId} cannot be a Business Gateway MessageID`);
  return id;
};

export const freshMessageId = (): string => `pds-${randomUUID()}`;

/** A client reference as the schema allows it (1 to 25 characters of its set): ours are letters, digits and `_-`. */
export const referenceOf = (text: string): string => text.replace(/[^A-Za-z0-9_\-./: ]/g, '').slice(0, 25) || 'pds';
