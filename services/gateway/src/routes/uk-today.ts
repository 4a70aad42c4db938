import { DateTime } from 'luxon';

/** Today in the UK (Europe/London) on the business clock, `YYYY-MM-DD`: the default date of every dated operation. */
export const ukToday = (now: Date) => DateTime.fromJSDate(now).setZone('Europe/London').toISODate() as string;
