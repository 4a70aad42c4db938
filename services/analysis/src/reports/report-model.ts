import { reportPlans } from '@pds/contracts';
import type { ReportModel } from '@pds/report-pdf';
import type { PlacedReport } from './report';
import type { StoredAnswer } from './report-store';

// The document's model: the report's terms and each settled section with its stored answer. Rendering is a pure
// function of it, so a render repeated after a crash draws the same bytes.

export const reportModelOf = (r: PlacedReport, stored: Map<string, StoredAnswer>, logo: Buffer | null): ReportModel => ({
  reportId: r.reportId,
  type: r.type,
  subject: r.subject,
  asOf: r.asOf,
  requestedAt: r.requestedAt,
  branding: {
    companyName: r.branding.companyName,
    primaryColour: r.branding.primaryColour,
    logo: logo ? new Uint8Array(logo) : null,
    footerText: r.branding.footerText,
  },
  sections: r.sections.map((s) => {
    const spec = reportPlans[r.type].find((p) => p.name === s.name)!;
    const answer = s.state === 'assembled' ? stored.get(s.name) : undefined;
    return {
      name: s.name,
      title: spec.title,
      core: spec.core,
      state: answer ? 'assembled' : 'unavailable',
      data: answer?.data ?? null,
      sources: answer?.sources ?? [],
      reason: answer ? null : (s.reason ?? { code: 'NOT_STORED', message: 'The answer was not stored.' }),
      source: { operationId: spec.operationId, input: s.input ?? {} },
    };
  }),
});

/** `<UPRN or postcode>-<type>-<asOf>.pdf`: letters, digits and hyphens only, so it is safe inside a header. */
export const documentFilename = (r: PlacedReport) =>
  `${(r.subject.uprn ?? r.subject.postcode).replace(/[^A-Za-z0-9]+/g, '-')}-${r.type}-${r.asOf}.pdf`;
