import type { ReportType, SectionName } from './sections';

// The call each section stands for: the query (or, for a POST, the body) of its operation, as a caller would send it,
// from what the report knows when the section is due. Sections about a place take the identified property's
// coordinates (a property pack) or the postcode (an area pack); purchase tax takes the valuation's figure; time series
// end at `asOf` when it is a past date, and at the latest month held otherwise.

export type SectionInput = Record<string, string | number | boolean>;

/** What the report knows: its terms, and (once assembled) the subject's identity and the valuation. */
export interface InputContext {
  type: ReportType;
  subject: { uprn: string | null; address: string | null; postcode: string };
  asOf: string;
  /** Whether `asOf` is the day the report was requested (so series end at the latest month held). */
  asOfIsToday: boolean;
  identity?: { uprn: string; postcode: string; addressText: string; latitude: number; longitude: number };
  estimatedValue?: number;
}

/** Comparables and the valuation look back three years; the index is drawn over the same months. */
export const lookBackMonths = 36;

const monthOf = (date: string) => date.slice(0, 7);
const monthsBefore = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** The last 12 months to `asOf`'s month when it is past; the operation's default (the latest held) otherwise. */
const year = (c: InputContext): SectionInput => (c.asOfIsToday ? {} : { from: monthsBefore(monthOf(c.asOf), 11), to: monthOf(c.asOf) });

const place = (c: InputContext): SectionInput | undefined => {
  if (c.type === 'area-pack') return { postcode: c.subject.postcode };
  return c.identity ? { latitude: c.identity.latitude, longitude: c.identity.longitude } : undefined;
};

/** The postcode the sections use: the one asked for an area, the identified property's for a property. */
const postcodeOf = (c: InputContext) => (c.type === 'area-pack' ? c.subject.postcode : c.identity?.postcode);

const withPostcode = (c: InputContext, rest: SectionInput = {}): SectionInput | undefined => {
  const postcode = postcodeOf(c);
  return postcode ? { postcode, ...rest } : undefined;
};

const withPlace = (c: InputContext, rest: SectionInput = {}): SectionInput | undefined => {
  const at = place(c);
  return at ? { ...at, ...rest } : undefined;
};

const withUprn = (c: InputContext): SectionInput | undefined => (c.identity ? { uprn: c.identity.uprn } : undefined);

const identityInput = (c: InputContext): SectionInput => {
  if (c.type === 'area-pack') return { postcode: c.subject.postcode };
  if (c.subject.uprn) return { uprn: c.subject.uprn };
  return { address: c.subject.address ?? '', postcode: c.subject.postcode };
};

const inputs: Record<SectionName, (c: InputContext) => SectionInput | undefined> = {
  identity: identityInput,
  valuation: (c) => (c.identity ? { postcode: c.identity.postcode, address: c.identity.addressText, asOf: c.asOf } : undefined),
  purchase_tax: (c) => (c.estimatedValue === undefined ? undefined : withPostcode(c, { price: c.estimatedValue, transactionDate: c.asOf })),
  sold_comparables: (c) => withPostcode(c, { months: lookBackMonths, asOf: c.asOf }),
  house_price_index: (c) => {
    const to: SectionInput = c.asOfIsToday ? {} : { to: monthOf(c.asOf) };
    return withPostcode(c, { from: monthsBefore(monthOf(c.asOf), lookBackMonths - 1), ...to });
  },
  energy_performance: withUprn,
  boundary: withUprn,
  title: withUprn,
  ground_risk: (c) => withPlace(c),
  crime: (c) => withPlace(c, year(c)),
  schools: (c) => withPlace(c),
  deprivation: (c) => withPostcode(c),
  area_statistics: (c) => withPostcode(c),
  planning_constraints: (c) => withPlace(c),
  bank_rate: (c) => ({ date: c.asOf }),
  mortgage_rates: (c) => year(c),
  inflation: (c) => year(c),
};

/** The section's query or body; undefined while it waits on the identity (or, for purchase tax, the valuation). */
export const sectionInput = (name: SectionName, context: InputContext): SectionInput | undefined => inputs[name](context);

/** The sections each one waits for before its input can be made. */
export const dependsOn = (name: SectionName): SectionName[] =>
  name === 'identity' || name === 'bank_rate' || name === 'mortgage_rates' || name === 'inflation'
    ? []
    : name === 'purchase_tax'
      ? ['valuation']
      : ['identity'];
