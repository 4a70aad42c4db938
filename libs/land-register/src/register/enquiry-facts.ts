import type { ClassifiedEntry } from './classify';
import type { LeaseParticulars } from './lease-particulars';
import type { RegisterLetter } from './register';
import type { Charge } from './rights';

// What the enquiries are raised from, and where on the register each one is placed so the list reads in register
// order within each priority.

export interface EnquiryFacts {
  readonly entries: readonly ClassifiedEntry[];
  readonly missingSections: readonly RegisterLetter[];
  readonly classOfTitle: string | null;
  readonly proprietorCount: number;
  readonly charges: readonly Charge[];
  readonly lease: { entry: ClassifiedEntry; particulars: LeaseParticulars } | null;
  /** YYYY-MM-DD the copy shows the register at, for the years left on a lease. */
  readonly asAt: string | null;
  readonly partyNameAt: (ref: string) => string | null;
}

export const letterRank: Record<RegisterLetter, number> = { A: 0, B: 1000, C: 2000 };
export const positionOf = (entry: { register: RegisterLetter; number: number }) => letterRank[entry.register] + entry.number;
