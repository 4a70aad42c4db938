// The registry as the orders service sees it: HM Land Registry's Business Gateway (business-gateway/registry.ts), live
// or its test service, or the registry test environment in infra, which speaks the same interfaces. Every method
// answers instead of throwing for what the registry can say; a throw means the registry could not be reached or
// answered nonsense.

export type DocumentKind = 'register' | 'plan';

/** The registry searches by address: a UPRN is turned into its address first. */
export interface TitleSearch {
  address: string;
  postcode: string;
}

export interface TitleCandidate {
  titleNumber: string;
  tenure: 'freehold' | 'leasehold' | 'commonhold' | 'other';
  matchedAddress: string;
}

export interface TitleMatches {
  titles: TitleCandidate[];
  /** With no titles: why, in the registry's terms (nothing registered there, too many to list, an unknown postcode). */
  noMatchReason: string | null;
}

export interface ReferredDocument {
  /** As the register names it: 'Lease', 'Conveyance', 'Transfer', 'Deed of easement' … */
  type: string;
  /** YYYY-MM-DD, or null when the register gives none. */
  date: string | null;
  entryNumbers: string[];
  available: boolean;
  planOnly: boolean;
  /** The title the document is filed under, when not this one (an order for a copy of it names that title). */
  filedUnder?: string | null;
}

export interface TitleSummary {
  titleNumber: string;
  status: 'open' | 'closed';
  /** Applications pending against the title: a copy issued now is backdated to before them. */
  applicationsPending: boolean;
  /** For a closed title: the title it continues under, when there is one. */
  continuedUnderTitleNumber: string | null;
  register: { available: boolean };
  plan: { available: boolean };
  referred: ReferredDocument[];
}

/** The registry is busy and asks to be tried again at `retryAfter` (ISO 8601). */
export interface Delayed {
  kind: 'delayed';
  retryAfter: string;
}

export type Answer<T> = { kind: 'ok'; value: T } | Delayed;

import type { RegisterSummary } from './business-gateway/messages/register-summary';
import type { RegisteredProprietors } from './business-gateway/rest/registered-proprietor-names';

export interface OrderSubmission {
  /** Our order id: the registry keeps one order per reference, so submitting again never orders twice. */
  clientReference: string;
  titleNumber: string;
  documents: DocumentKind[];
  backdatedCopyConfirmed: boolean;
  /** The register's structured summary is wanted beside the copies (the Register Extract Service). */
  withSummary: boolean;
}

export type SubmissionOutcome =
  | { kind: 'accepted'; registryReference: string }
  /** A clear refusal: nothing was ordered and nothing will be. */
  | { kind: 'rejected'; code: string; message: string }
  /** Outside opening hours: nothing was ordered. */
  | { kind: 'closed'; opensAt: string }
  /** No clear answer (timeout, dropped connection, server error): the order may or may not exist at the registry. */
  | { kind: 'uncertain'; reason: string };

/** An order as the registry is asked about it: our reference and the documents it asked for. */
export interface OrderReference {
  clientReference: string;
  documents: DocumentKind[];
  withSummary: boolean;
}

export interface DeliveredDocument {
  type: DocumentKind;
  pdf: Buffer;
}

export type RegistryOrderState =
  | { kind: 'unknown' }
  | { kind: 'processing'; registryReference: string }
  /** `summary`: the registry's structured summary of the register, when the order asked for it. */
  | { kind: 'completed'; registryReference: string; documents: DeliveredDocument[]; summary?: RegisterSummary }
  /** The registry accepted the order and later could not fulfil it. */
  | { kind: 'failed'; registryReference: string; code: string; message: string };

export interface RegistryGateway {
  searchTitles(search: TitleSearch): Promise<Answer<TitleMatches>>;
  /** null: no such title. */
  describeTitle(titleNumber: string): Promise<Answer<TitleSummary | null>>;
  /** The registered proprietors of a title as the registry names them; null: no such title. */
  proprietorNames(titleNumber: string): Promise<Answer<RegisteredProprietors | null>>;
  submitOrder(order: OrderSubmission): Promise<SubmissionOutcome>;
  /** What the registry holds for our reference: how a poll learns of delivery, and how an uncertain submission is settled. */
  orderState(order: OrderReference): Promise<RegistryOrderState>;
  /**
   * What became of an order whose submission had no clear answer, as an operator's follow-up asks: whether the
   * registry lists it among the requests still outstanding, and what its poll answers.
   */
  followUpOrder(order: OrderReference): Promise<RegistryOrderState>;
}
