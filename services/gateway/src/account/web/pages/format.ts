import type { billing } from '@pds/contracts';
import { DateTime } from 'luxon';

// How the dashboard writes plans, numbers, money and dates: British English, UK time.

export const planNames: Record<billing.Plan, string> = {
  basic: 'Basic',
  standard: 'Standard',
  premium: 'Premium',
  enterprise: 'Enterprise',
};
export const number = (n: number) => n.toLocaleString('en-GB');
export const pounds = (pence: number) =>
  `${pence < 0 ? '−' : ''}£${(Math.abs(pence) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A day in the UK: "14 May 2026". */
export const ukDay = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/London' }).toFormat('d LLL yyyy');
/** A moment in the UK, to the minute: "14 May 2026, 09:30". */
export const ukMinute = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/London' }).toFormat('d LLL yyyy, HH:mm');
/** A moment in the UK, to the second, where events are seconds apart. */
export const ukSecond = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/London' }).toFormat('d LLL yyyy, HH:mm:ss');
