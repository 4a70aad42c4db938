import { crimeCategories, type CrimeResult, type PlaceLocation } from '@pds/contracts';

// The crime answer from what was counted: pure, so its arithmetic is tested by hand (crime-answer.unit.spec.ts).

/** The records counted, by month and category. */
export interface MonthCount {
  month: string;
  category: string;
  crimes: number;
}

export type NearCrime = CrimeResult['nearest'][number];

/** The categories every answer lists, 0 when none: police.uk's current ones (not the pre-2013 public disorder one). */
const currentCategories = Object.keys(crimeCategories).filter((c) => c !== 'public-disorder-weapons');

const zeroCounts = () => Object.fromEntries(currentCategories.map((c) => [c, 0])) as Record<string, number>;

/** The wider circle of the comparison: 4 × the radius, between 1 and 8 km. */
export const widerRadiusOf = (radiusMetres: number) => Math.min(8_000, Math.max(1_000, 4 * radiusMetres));

const perSqKm = (crimes: number, radiusMetres: number) => crimes / ((Math.PI * radiusMetres * radiusMetres) / 1e6);
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export const comparisonOf = (crimes: number, radiusMetres: number, widerCrimes: number): NonNullable<CrimeResult['comparison']> => {
  const widerRadiusMetres = widerRadiusOf(radiusMetres);
  const here = perSqKm(crimes, radiusMetres);
  const wider = perSqKm(widerCrimes, widerRadiusMetres);
  const ratio = widerCrimes === 0 ? null : round(here / wider, 2);
  return {
    widerRadiusMetres,
    widerTotalCrimes: widerCrimes,
    crimesPerSqKm: round(here, 1),
    widerCrimesPerSqKm: round(wider, 1),
    ratio,
    relative: ratio === null ? 'none' : ratio > 1.2 ? 'higher' : ratio < 0.8 ? 'lower' : 'similar',
  };
};

export interface CrimeAnswerInput {
  location: PlaceLocation;
  radiusMetres: number;
  from: string;
  to: string;
  monthsAnswered: string[];
  monthsNotHeld: string[];
  origin: CrimeResult['origin'];
  counts: MonthCount[];
  nearest: NearCrime[];
  /** Crimes in the wider circle over the months answered; undefined when not counted (the live API). */
  widerCrimes?: number;
}

export const crimeAnswer = (input: CrimeAnswerInput): CrimeResult => {
  const byCategory = zeroCounts();
  const months = new Map(input.monthsAnswered.map((m) => [m, zeroCounts()]));
  for (const { month, category, crimes } of input.counts) {
    byCategory[category] = (byCategory[category] ?? 0) + crimes;
    const ofMonth = months.get(month);
    if (ofMonth) ofMonth[category] = (ofMonth[category] ?? 0) + crimes;
  }
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const totalCrimes = sum(byCategory);
  return {
    location: { ...input.location, radiusMetres: input.radiusMetres },
    period: { from: input.from, to: input.to, monthsAnswered: input.monthsAnswered, monthsNotHeld: input.monthsNotHeld },
    origin: input.origin,
    totalCrimes,
    byCategory,
    byMonth: input.monthsAnswered.map((month) => {
      const counts = months.get(month) as Record<string, number>;
      return { month, totalCrimes: sum(counts), byCategory: counts };
    }),
    nearest: input.nearest,
    comparison: input.widerCrimes === undefined ? null : comparisonOf(totalCrimes, input.radiusMetres, input.widerCrimes),
  };
};
