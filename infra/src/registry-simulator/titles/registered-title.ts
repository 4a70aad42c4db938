import type { ReferredDocument, Register } from '@pds/land-register';

/**
 * A registered proprietor as Registered Proprietor Names gives it: a person by name parts, or an organisation with
 * its kind and where it is incorporated. The names are the B register's, in its capitals.
 */
export type RegisteredProprietor =
  | { kind: 'individual'; title?: string; forenames: string; surname: string; decoration?: string }
  | {
      kind: 'organisation';
      name: string;
      organisationType: 'LIMITED_COMPANY_OR_PUBLIC_LIMITED_COMPANY' | 'CORPORATE_BODY' | 'LOCAL_AUTHORITY';
      companyLocation: 'ENGLAND_OR_WALES' | 'OVERSEAS';
    };

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
  /** The proprietors named in the proprietorship register, in its order; absent: names that cannot be given. */
  readonly proprietors?: readonly RegisteredProprietor[];
  /** Why the title is in the data set: which case of the registry it lets a test reach. */
  readonly purpose: string;
}
