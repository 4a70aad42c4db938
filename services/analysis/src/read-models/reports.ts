import { reportEvents } from '@pds/contracts';
import { foldStream, type EventStore, type RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';
import { evolve } from '../reports/evolve';
import { nextStep } from '../reports/next-step';
import { initialState, isPlaced, type ReportEvent } from '../reports/report';
import { reportView } from '../reports/view';

export const parseReportEvent = (r: RecordedEvent): ReportEvent => reportEvents.ReportEvent.parse({ type: r.type, data: r.data });

/** Business time of the event: when its step was taken. */
const atOf = (e: ReportEvent): string => ('at' in e.data ? e.data.at : e.data.requestedAt);

/**
 * `reports`: each report as the status endpoint shows it, and when its driver should next act (a section waiting to
 * be retried at its time, a finished report never). Each report touched by a batch is folded afresh from its
 * stream, so the row is always a whole, consistent state.
 */
export const reportsProjection =
  (store: EventStore) =>
  async (events: RecordedEvent[], tx: pg.PoolClient): Promise<void> => {
    for (const streamId of new Set(events.map((e) => e.streamId))) {
      const recorded = await store.readStream(streamId);
      const state = foldStream(recorded, parseReportEvent, evolve, initialState());
      if (!isPlaced(state)) continue;
      const last = parseReportEvent(recorded[recorded.length - 1] as RecordedEvent);
      // Judged at the epoch, a section waiting to be retried is "waiting until its time"; anything else due is due now.
      const step = nextStep(state, new Date(0));
      const nextStepAt = step.kind === 'none' ? null : step.kind === 'wait' ? step.until : atOf(last);
      await tx.query(
        `INSERT INTO reports (report_id, account_id, status, requested_at, view, next_step_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (report_id) DO UPDATE SET status = EXCLUDED.status, view = EXCLUDED.view, next_step_at = EXCLUDED.next_step_at, updated_at = now()`,
        [state.reportId, state.accountId, state.status, state.requestedAt, JSON.stringify(reportView(state)), nextStepAt],
      );
    }
  };
