import { reportPlans, type Report } from '@pds/contracts';
import type { PlacedReport } from './report';

// The report as the REST API shows it, from its state. The phases behind it are the service's; the caller sees five
// statuses, and never `failed` while its credits are still held.

const statusOf = (r: PlacedReport): Report['status'] => {
  switch (r.status) {
    case 'reserving':
      return 'queued';
    case 'assembling':
      return r.sections.some((s) => s.state !== 'pending') ? 'assembling' : 'queued';
    case 'rendering':
    case 'capturing':
      return 'rendering';
    // Failing, with the credits not yet given back: shown as it was until they are.
    case 'releasing':
      return r.renderAttempts > 0 ? 'rendering' : 'assembling';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
  }
};

/** Sections settled make 90 per cent; the rendered document the rest. */
const percentOf = (r: PlacedReport, done: number) =>
  r.status === 'completed' ? 100 : Math.floor((90 * done) / r.sections.length) + (r.document ? 5 : 0);

export const reportView = (r: PlacedReport): Report => {
  const done = r.sections.filter((s) => s.state !== 'pending').length;
  const plan = reportPlans[r.type];
  const status = statusOf(r);
  return {
    reportId: r.reportId,
    type: r.type,
    status,
    subject: r.subject,
    asOf: r.asOf,
    companyName: r.branding.companyName,
    requestedAt: r.requestedAt,
    completedAt: r.completedAt,
    progress: { sectionsDone: done, sectionsTotal: r.sections.length, percent: percentOf(r, done) },
    unavailable: r.sections.filter((s) => s.state === 'unavailable').map((s) => s.name),
    downloadUrl: status === 'completed' ? `/api/v1/reports/${r.reportId}/document` : null,
    document: status === 'completed' ? r.document : null,
    error: status === 'failed' ? r.error : null,
    priceCredits: r.priceCredits,
    creditsCharged: r.status === 'completed' && r.payment === 'captured' ? r.priceCredits : 0,
    paymentStatus: r.payment,
    sections: r.sections.map((s) => {
      const spec = plan.find((p) => p.name === s.name)!;
      return {
        section: s.name,
        title: spec.title,
        core: spec.core,
        state: s.state,
        source: { operationId: spec.operationId, input: s.input },
        reason: s.reason,
      };
    }),
  };
};
