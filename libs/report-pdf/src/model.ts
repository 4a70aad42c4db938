import type { operations, Source, z } from '@pds/contracts';

// The report as plain data: everything the PDF shows, gathered before rendering, so rendering is a pure function of
// this model (no database, no clock, no network) and the same model always gives the same bytes.

export type SectionName =
  | 'identity'
  | 'valuation'
  | 'purchase_tax'
  | 'sold_comparables'
  | 'house_price_index'
  | 'energy_performance'
  | 'boundary'
  | 'title'
  | 'ground_risk'
  | 'crime'
  | 'schools'
  | 'deprivation'
  | 'area_statistics'
  | 'planning_constraints'
  | 'bank_rate'
  | 'mortgage_rates'
  | 'inflation';

export interface ReportModelSection {
  name: SectionName;
  title: string;
  core: boolean;
  state: 'assembled' | 'unavailable';
  /** Exactly the `data` of the operation's success answer; null when unavailable. */
  data: unknown;
  /** The answer's `sources`. */
  sources: Source[];
  /** Why the section is unavailable; null when assembled. */
  reason: { code: string; message: string } | null;
  /** The API call that gives the same figures. */
  source: { operationId: string; input: Record<string, unknown> };
}

export interface ReportBranding {
  companyName: string;
  /** `#RRGGBB` */
  primaryColour: string;
  /** PNG or JPEG bytes, checked with `checkLogo` when the report was placed. */
  logo: Uint8Array | null;
  footerText: string | null;
}

export interface ReportModel {
  /** `rep_` and 26 of [a-z0-9] */
  reportId: string;
  type: 'property-pack' | 'area-pack';
  subject: { uprn: string | null; address: string | null; postcode: string };
  /** YYYY-MM-DD: the date the figures are as of. */
  asOf: string;
  /** ISO timestamp: the PDF's creation and modification date (never the clock). */
  requestedAt: string;
  branding: ReportBranding;
  /** In plan order. */
  sections: ReportModelSection[];
}

type Operations = typeof operations;
/** The `data` of an operation's success answer, as its schema gives it. */
export type DataOf<K extends keyof Operations> =
  Operations[K]['response']['schema'] extends z.ZodObject<infer Shape>
    ? Shape extends { data: z.ZodTypeAny }
      ? z.output<Shape['data']>
      : never
    : never;
