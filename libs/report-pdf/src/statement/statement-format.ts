import { DateTime } from 'luxon';
import { grouped } from '../format';

// How a statement prints money and time: pounds always with their pence (a statement is an account of money), UK time.

/** 9900 → "£99.00"; -700 → "-£7.00". */
export const pounds = (pence: number): string => {
  if (!Number.isInteger(pence)) throw new Error(`pence must be whole: ${pence}`);
  const abs = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}£${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
};

/** Credits as a signed movement: "+4,906", "-40", "0". */
export const signedCredits = (n: number): string => (n > 0 ? `+${grouped(n)}` : grouped(n));

/** An ISO timestamp in UK time, to the minute: "1 May 2026, 00:30". */
export const ukDateTime = (iso: string): string => DateTime.fromISO(iso, { zone: 'Europe/London' }).toFormat('d LLL yyyy, HH:mm');

/** "2026-05-01" → "Fri 1 May". */
export const shortDay = (isoDate: string): string => DateTime.fromISO(isoDate, { zone: 'utc' }).toFormat('ccc d LLL');
