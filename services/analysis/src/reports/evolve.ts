import { reportPlans } from '@pds/contracts';
import { EventCannotApply, unhandledEvent } from '@pds/service-runtime';
import type { PlacedReport, Report, ReportEvent, SectionProgress } from './report';
import { isPlaced } from './report';

// What each recorded event did to the report. An event that names something the report does not hold cannot apply.

const placed = (state: Report, event: ReportEvent): PlacedReport => {
  if (!isPlaced(state)) throw new EventCannotApply(event.type, 'the report was never requested');
  return state;
};

const withSection = (r: PlacedReport, event: ReportEvent, name: string, change: (s: SectionProgress) => SectionProgress): PlacedReport => {
  if (!r.sections.some((s) => s.name === name)) throw new EventCannotApply(event.type, `the report has no section ${name}`);
  return { ...r, sections: r.sections.map((s) => (s.name === name ? change(s) : s)) };
};

export const evolve = (state: Report, event: ReportEvent): Report => {
  switch (event.type) {
    case 'ReportRequested': {
      if (isPlaced(state)) throw new EventCannotApply(event.type, 'the report was already requested');
      const { data } = event;
      return {
        ...data,
        status: 'reserving',
        payment: 'not_reserved',
        sections: reportPlans[data.type].map((s) => ({
          name: s.name,
          state: 'pending',
          attempts: 0,
          retryAt: null,
          input: null,
          sha256: null,
          sources: [],
          reason: null,
        })),
        renderAttempts: 0,
        document: null,
        error: null,
        completedAt: null,
      };
    }
    case 'ChargesReserved':
      return { ...placed(state, event), status: 'assembling', payment: 'reserved' };
    case 'ChargesRefused': {
      const { code, message } = event.data;
      return { ...placed(state, event), status: 'failed', error: { code, message } };
    }
    case 'SectionAssembled': {
      const { section, input, sha256, sources } = event.data;
      return withSection(placed(state, event), event, section, (s) => ({
        ...s,
        state: 'assembled',
        input,
        sha256,
        sources,
        retryAt: null,
      }));
    }
    case 'SectionAttemptFailed': {
      const { section, attempt, retryAt } = event.data;
      return withSection(placed(state, event), event, section, (s) => ({ ...s, attempts: attempt, retryAt }));
    }
    case 'SectionUnavailable': {
      const { section, input, code, message } = event.data;
      return withSection(placed(state, event), event, section, (s) => ({
        ...s,
        state: 'unavailable',
        input,
        retryAt: null,
        reason: { code, message },
      }));
    }
    case 'ReportAbandoned': {
      const { code, message } = event.data;
      return { ...placed(state, event), status: 'releasing', error: { code, message } };
    }
    case 'RenderingStarted':
      return { ...placed(state, event), status: 'rendering', renderAttempts: event.data.attempt };
    case 'RenderingFailed':
      return placed(state, event);
    case 'ReportRendered': {
      const { sha256, sizeBytes, pages } = event.data;
      return { ...placed(state, event), status: 'capturing', document: { sha256, sizeBytes, pages } };
    }
    case 'ChargesCaptured':
      return { ...placed(state, event), payment: 'captured' };
    case 'ChargesReleased':
      return { ...placed(state, event), payment: 'released' };
    case 'ChargesSettledAtLedger':
      return { ...placed(state, event), payment: event.data.outcome };
    case 'ReportCompleted':
      return { ...placed(state, event), status: 'completed', completedAt: event.data.at };
    case 'ReportFailed':
      return { ...placed(state, event), status: 'failed' };
    default:
      return unhandledEvent(event);
  }
};
