import { registryTimeZone } from '@pds/land-register';
import { DateTime } from 'luxon';

// An official copy is dated in UK local time, the way the registry prints it: the register's
// `officialCopyDateTime` (YYYY-MM-DDTHH:MM:SS) and the "02 MAY 2024 at 10:21:03" of a copy's notes.

export const officialCopyDateTimeAt = (at: Date): string =>
  DateTime.fromJSDate(at, { zone: registryTimeZone }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

const localParts = (officialCopyDateTime: string) => {
  const local = DateTime.fromISO(officialCopyDateTime, { zone: registryTimeZone });
  if (!local.isValid) throw new Error(`officialCopyDateTime must be YYYY-MM-DDTHH:MM:SS, got ${officialCopyDateTime}`);
  return local;
};

// Spelled out here rather than by locale: ICU's English short months vary ("Sep", "Sept"); copies print three letters.
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "02 MAY 2024" and "10:21:03". */
export const printedCopyTime = (officialCopyDateTime: string) => {
  const local = localParts(officialCopyDateTime);
  return { date: `${local.toFormat('dd')} ${months[local.month - 1]} ${local.year}`, time: local.toFormat('HH:mm:ss') };
};
