import { customerEvents } from '@pds/contracts';
import type { RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';

/**
 * The `customers` table from the customer streams (follower `read-model:customers`), in the transaction that moves
 * its checkpoint. An event naming a new credential also deletes the customer's other credential rows: only the
 * current password signs in, and an old hash kept would be one more to leak.
 */
export const projectCustomers = async (events: RecordedEvent[], tx: pg.PoolClient): Promise<void> => {
  for (const recorded of events) {
    const parsed = customerEvents.CustomerEvent.safeParse({ type: recorded.type, data: recorded.data });
    if (!parsed.success) continue;
    const e = parsed.data;
    switch (e.type) {
      case 'CustomerSignedUp':
        await tx.query(
          `INSERT INTO customers (customer_id, email, account_id, credential_id, created_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (customer_id) DO NOTHING`,
          [e.data.customerId, e.data.email, e.data.accountId, e.data.credentialId, recorded.recordedAt],
        );
        break;
      case 'SignUpRepeated':
      case 'PasswordChanged':
        await tx.query('UPDATE customers SET credential_id = $2 WHERE customer_id = $1', [e.data.customerId, e.data.credentialId]);
        await tx.query('DELETE FROM customer_credentials WHERE customer_id = $1 AND credential_id <> $2', [
          e.data.customerId,
          e.data.credentialId,
        ]);
        break;
      case 'EmailVerified':
        await tx.query('UPDATE customers SET verified_at = $2 WHERE customer_id = $1', [e.data.customerId, recorded.recordedAt]);
        break;
      case 'TrialAccountOpened':
        await tx.query('UPDATE customers SET trial_opened_at = $2 WHERE customer_id = $1', [e.data.customerId, recorded.recordedAt]);
        break;
    }
  }
};
