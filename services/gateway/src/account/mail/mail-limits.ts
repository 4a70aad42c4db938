import type pg from 'pg';
import { addressLimitKey, emailLimitKey } from '../identity/sign-in-limits';

// Mail anyone can ask for (a sign-up's link, a password reset's) is limited per recipient and per asking address over
// a sliding hour: enough for a person who asks again, too few to flood an inbox or use the service to mail many.
// Notices of a change to the customer's own account (password changed) are never limited.

export const mailLimits = { windowMs: 3_600_000, perRecipient: 5, perAddress: 50 } as const;

/**
 * Whether one more asked-for mail may go to `email` for a request from `address`; if so, it is counted. Checked and
 * counted in one statement; two requests at the very same moment may both take a key's last place, which a brake on
 * floods can allow.
 */
export const takeMailPlace = async (db: pg.Pool, email: string, address: string, now: Date): Promise<boolean> => {
  const recipient = `mail:${emailLimitKey(email)}`;
  const asker = `mail:${addressLimitKey(address)}`;
  const { rowCount } = await db.query(
    `WITH counts AS (
       SELECT count(*) FILTER (WHERE limit_key = $1) AS to_recipient, count(*) FILTER (WHERE limit_key = $2) AS from_address
         FROM account_mail_sends WHERE limit_key IN ($1, $2) AND sent_at > $4
     )
     INSERT INTO account_mail_sends (limit_key, sent_at)
     SELECT k, $3 FROM counts, unnest(ARRAY[$1, $2]) AS k WHERE to_recipient < $5 AND from_address < $6`,
    [recipient, asker, now, new Date(now.getTime() - mailLimits.windowMs), mailLimits.perRecipient, mailLimits.perAddress],
  );
  return (rowCount ?? 0) > 0;
};
