import type { ReferredDocument, Register } from '@pds/land-register';

/** One title as the registry test environment holds it: what a search matches, what a description shows, what a copy prints. */
export interface RegisteredTitle {
  readonly titleNumber: string;
  readonly status: 'open' | 'closed';
  readonly tenure: 'freehold' | 'leasehold';
  readonly country: 'England' | 'Wales';
  /** Unique Property Reference Numbers of the addressable properties in the title: digits only, at most 12. */
  readonly uprns: readonly string[];
  /** As the property register describes the land, without the postcode. */
  readonly address: string;
  readonly postcode: string;
  readonly applicationsPending: boolean;
  readonly continuedUnderTitleNumber: string | null;
  /** The register an official copy prints (its `officialCopyDateTime` is replaced with the order's time). */
  readonly register: Register;
  readonly planAvailable: boolean;
  readonly referred: readonly ReferredDocument[];
  /** Why the title is in the data set: which case of the registry it lets a test reach. */
  readonly purpose: string;
}
