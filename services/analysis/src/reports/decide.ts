import { reportPlans, type SectionInput, type SectionName, type Source } from '@pds/contracts';
import type { Decider } from '@pds/service-runtime';
import { evolve } from './evolve';
import {
  initialState,
  isPlaced,
  maxRenderAttempts,
  sectionRetryDelaysMs,
  type PlacedReport,
  type Problem,
  type Report,
  type ReportEvent,
  type ReportTerms,
} from './report';

// The report's state machine. Each command is what the placement or the driver learnt; decide says which events that
// makes. A command that does not fit the report's state decides nothing: a driver resuming after a crash, or two
// racing, repeat what is already recorded, and the repeat must be harmless.

export type SectionOutcome =
  | { ok: true; sha256: string; sources: Source[] }
  /** `retryable`: a timeout or an upstream's failure, which another attempt may not meet. */
  | ({ ok: false; retryable: boolean } & Problem);

export type ReportCommand =
  | { type: 'RequestReport'; terms: ReportTerms }
  | { type: 'RecordReservation'; outcome: { ok: true } | ({ ok: false } & Problem); now: string }
  | { type: 'RecordSection'; section: SectionName; input: SectionInput | null; outcome: SectionOutcome; now: string }
  | { type: 'StartRendering'; now: string }
  | { type: 'RecordRenderFailure'; message: string; now: string }
  | { type: 'RecordRendered'; document: { sha256: string; sizeBytes: number; pages: number }; now: string }
  | { type: 'RecordCapture'; now: string }
  | { type: 'RecordRelease'; now: string }
  /** The ledger had settled the reservation otherwise first (an operator, or the hold's expiry): its word stands. */
  | { type: 'RecordSettledAtLedger'; outcome: 'captured' | 'released'; now: string }
  | { type: 'Complete'; now: string }
  | { type: 'Fail'; now: string };

const onPlaced = (state: Report, decideFor: (r: PlacedReport) => ReportEvent[]): ReportEvent[] => (isPlaced(state) ? decideFor(state) : []);

const abandoned = (problem: Problem, at: string): ReportEvent => ({ type: 'ReportAbandoned', data: { ...problem, at } });

const recordSection = (r: PlacedReport, c: Extract<ReportCommand, { type: 'RecordSection' }>): ReportEvent[] => {
  const section = r.sections.find((s) => s.name === c.section);
  if (r.status !== 'assembling' || !section || section.state !== 'pending') return [];
  const { outcome, now: at } = c;
  if (outcome.ok) {
    const { sha256, sources } = outcome;
    return [{ type: 'SectionAssembled', data: { section: c.section, input: c.input ?? {}, sha256, sources, at } }];
  }
  const problem = { code: outcome.code, message: outcome.message };
  const delayMs = sectionRetryDelaysMs[section.attempts];
  if (outcome.retryable && delayMs !== undefined) {
    const retryAt = new Date(Date.parse(at) + delayMs).toISOString();
    return [{ type: 'SectionAttemptFailed', data: { section: c.section, ...problem, attempt: section.attempts + 1, retryAt, at } }];
  }
  const unavailable: ReportEvent = { type: 'SectionUnavailable', data: { section: c.section, input: c.input, ...problem, at } };
  // Without its core (the subject, a property's valuation) there is no report worth its price: it fails, free.
  if (!isCore(r, c.section)) return [unavailable];
  return [unavailable, abandoned({ code: 'REPORT_CORE_UNAVAILABLE', message: `${section.name}: ${problem.message}` }, at)];
};

/** A core section of the report's plan (its subject, and a property's valuation). */
const isCore = (r: PlacedReport, name: SectionName) => reportPlans[r.type].some((s) => s.name === name && s.core);

const startRendering = (r: PlacedReport, at: string): ReportEvent[] => {
  const assembled = r.status === 'assembling' && r.sections.every((s) => s.state !== 'pending');
  // Rendering again: a render started and never recorded (the process died with it) counts as an attempt.
  if (!assembled && r.status !== 'rendering') return [];
  if (r.renderAttempts >= maxRenderAttempts)
    return [abandoned({ code: 'REPORT_RENDER_FAILED', message: `The document could not be drawn in ${maxRenderAttempts} attempts.` }, at)];
  return [{ type: 'RenderingStarted', data: { attempt: r.renderAttempts + 1, at } }];
};

export const decide = (command: ReportCommand, state: Report): ReportEvent[] => {
  switch (command.type) {
    case 'RequestReport':
      return isPlaced(state) ? [] : [{ type: 'ReportRequested', data: command.terms }];
    case 'RecordReservation':
      return onPlaced(state, (r) => {
        if (r.status !== 'reserving') return [];
        const { outcome, now: at } = command;
        return outcome.ok
          ? [{ type: 'ChargesReserved', data: { at } }]
          : [{ type: 'ChargesRefused', data: { code: outcome.code, message: outcome.message, at } }];
      });
    case 'RecordSection':
      return onPlaced(state, (r) => recordSection(r, command));
    case 'StartRendering':
      return onPlaced(state, (r) => startRendering(r, command.now));
    case 'RecordRenderFailure':
      return onPlaced(state, (r) => {
        if (r.status !== 'rendering') return [];
        const failed: ReportEvent = {
          type: 'RenderingFailed',
          data: { attempt: r.renderAttempts, message: command.message, at: command.now },
        };
        return r.renderAttempts >= maxRenderAttempts
          ? [failed, abandoned({ code: 'REPORT_RENDER_FAILED', message: command.message }, command.now)]
          : [failed];
      });
    case 'RecordRendered':
      return onPlaced(state, (r) =>
        r.status === 'rendering' ? [{ type: 'ReportRendered', data: { ...command.document, at: command.now } }] : [],
      );
    case 'RecordCapture':
      return onPlaced(state, (r) =>
        r.status === 'capturing' && r.payment === 'reserved' ? [{ type: 'ChargesCaptured', data: { at: command.now } }] : [],
      );
    case 'RecordRelease':
      return onPlaced(state, (r) =>
        r.status === 'releasing' && r.payment !== 'released' ? [{ type: 'ChargesReleased', data: { at: command.now } }] : [],
      );
    case 'RecordSettledAtLedger':
      return onPlaced(state, (r) =>
        (r.status === 'capturing' || r.status === 'releasing') && r.payment === 'reserved'
          ? [{ type: 'ChargesSettledAtLedger', data: { outcome: command.outcome, at: command.now } }]
          : [],
      );
    case 'Complete':
      return onPlaced(state, (r) => {
        if (r.status !== 'capturing' || r.payment === 'reserved') return [];
        const creditsCharged = r.payment === 'captured' ? r.priceCredits : 0;
        return [{ type: 'ReportCompleted', data: { accountId: r.accountId, creditsCharged, at: command.now } }];
      });
    case 'Fail':
      return onPlaced(state, (r) => {
        if (r.status !== 'releasing' || r.payment !== 'released' || !r.error) return [];
        return [{ type: 'ReportFailed', data: { accountId: r.accountId, ...r.error, at: command.now } }];
      });
  }
};

export const reportDecider: Decider<Report, ReportCommand, ReportEvent> = { decide, evolve, initialState };
