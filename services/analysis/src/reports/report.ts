import type { reportEvents, ReportType, SectionInput, SectionName, Source } from '@pds/contracts';

export type ReportEvent = reportEvents.ReportEvent;
export type Problem = { code: string; message: string };

/** What was asked for, fixed when the report is requested. */
export interface ReportTerms {
  reportId: string;
  accountId: string;
  idempotencyKey: string;
  requestHash: string;
  type: ReportType;
  subject: { uprn: string | null; address: string | null; postcode: string };
  asOf: string;
  asOfIsToday: boolean;
  branding: { companyName: string; primaryColour: string; footerText: string | null; logo: { sha256: string; mediaType: string } | null };
  priceCredits: number;
  reservationId: string;
  requestedAt: string;
}

export interface SectionProgress {
  name: SectionName;
  state: 'pending' | 'assembled' | 'unavailable';
  /** Failed attempts that may be retried (a timeout, an upstream's error). */
  attempts: number;
  retryAt: string | null;
  input: SectionInput | null;
  sha256: string | null;
  sources: Source[];
  reason: Problem | null;
}

/**
 * - `reserving`: recorded, the ledger not yet answered; `assembling`: asking the sections; `rendering`: drawing the PDF;
 * - `capturing`: rendered, the credits to be taken; `releasing`: failed, the credits to be given back;
 * - `completed`, `failed`: ended (ReportCompleted / ReportFailed recorded).
 */
export type ReportPhase = 'reserving' | 'assembling' | 'rendering' | 'capturing' | 'releasing' | 'completed' | 'failed';

export interface PlacedReport extends ReportTerms {
  status: ReportPhase;
  payment: 'not_reserved' | 'reserved' | 'captured' | 'released';
  sections: SectionProgress[];
  renderAttempts: number;
  document: { sha256: string; sizeBytes: number; pages: number } | null;
  error: Problem | null;
  completedAt: string | null;
}

export type Report = { status: 'none' } | PlacedReport;

export const initialState = (): Report => ({ status: 'none' });

export const isPlaced = (r: Report): r is PlacedReport => r.status !== 'none';

/** A render that failed this many times fails the report (free): the same model will not draw differently. */
export const maxRenderAttempts = 3;

/** A section that failed in a way worth retrying is tried this many times in all, this long apart. */
export const sectionRetryDelaysMs = [2_000, 10_000] as const;
