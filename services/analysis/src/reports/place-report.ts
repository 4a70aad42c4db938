import { reportEvents, reportPrices, reports, sectionInput, type ReplyOf, type ReportRequest } from '@pds/contracts';
import { checkLogo } from '@pds/report-pdf';
import { handler, type AggregateStore, type CommandHandler, type HandlerResult } from '@pds/service-runtime';
import { decide } from './decide';
import type { ReportDriver } from './driver';
import { reportIdFor, requestHashOf, reservationIdFor } from './identifiers';
import { isPlaced, type PlacedReport, type Report, type ReportEvent, type ReportTerms } from './report';
import type { ReportStore } from './report-store';
import { askSection, type SectionAskers } from './sections/ask-section';
import { reportView } from './view';

type Placed = ReplyOf<typeof reports.PlaceReport>;

const refused = (code: string, message: string): HandlerResult<Placed> => ({ ok: false, error: { code, message } });

/** Price Paid Data, the earliest series the valuation and sold prices draw on, starts in 1995. */
const earliestAsOf = '1995-01-01';

/** The answer to a request whose key already has a report: the same report, if it is the same request. */
const answerExisting = (r: PlacedReport, requestHash: string): HandlerResult<Placed> => {
  if (r.requestHash !== requestHash)
    return refused(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different report request; use a new key for a new report.',
    );
  const reply: Placed = { report: reportView(r), placedNow: false };
  // A refusal by the ledger is the answer to that request, repeated: the key is used up.
  if (r.payment === 'not_reserved' && r.status === 'failed' && r.error) return { ok: false, error: r.error, data: reply };
  return { ok: true, data: reply };
};

const subjectOf = (request: ReportRequest): ReportTerms['subject'] => {
  const s = request.subject;
  if ('uprn' in s) return { uprn: s.uprn, address: null, postcode: '' };
  return { uprn: null, address: 'address' in s ? s.address : null, postcode: s.postcode };
};

export interface PlaceReportDeps {
  reports: AggregateStore<Report, ReportEvent>;
  driver: ReportDriver;
  store: ReportStore;
  askers: SectionAskers;
  /** The UK calendar date today, on the business clock. */
  today: () => string;
  now: () => Date;
}

/** What the input rules out before anything is recorded: a date out of range, a logo that cannot be drawn. */
const inputRefusal = (request: ReportRequest, today: string): HandlerResult<Placed> | undefined => {
  const { asOf } = request;
  if (asOf !== undefined && (asOf > today || asOf < earliestAsOf))
    return refused('INVALID_AS_OF', `asOf must be from ${earliestAsOf} to today (${today}); ${asOf} is not. Nothing was reserved.`);
  if (request.branding.logo) {
    const logo = checkLogo(Buffer.from(request.branding.logo, 'base64'));
    if (!logo.ok) return refused('INVALID_LOGO', `The logo cannot be drawn: ${logo.message}. Nothing was reserved.`);
  }
  return undefined;
};

/**
 * Requesting a report: the key names the report, the input and the subject are checked (a property that cannot be
 * identified, a postcode not in use, is refused before anything is reserved), the request is recorded and the ledger
 * reserves the type's price. The report is answered as it then stands (202); the driver assembles and renders it.
 */
export const placeReportHandler = (deps: PlaceReportDeps): CommandHandler =>
  handler(reports.PlaceReport, async (data, ctx) => {
    const { request } = data;
    const reportId = reportIdFor(data.accountId, data.idempotencyKey);
    const streamId = reportEvents.reportStreamId(reportId);
    const requestHash = requestHashOf(request);

    const existing = (await deps.reports.load(streamId)).state;
    if (isPlaced(existing)) return answerExisting(existing, requestHash);
    const today = deps.today();
    const refusal = inputRefusal(request, today);
    if (refusal) return refusal;
    const asOf = request.asOf ?? today;
    const subject = subjectOf(request);
    // The subject's identity is its first section: asked now, so an unknown subject is refused before anything is held.
    const identityInput = sectionInput('identity', { type: request.type, subject, asOf, asOfIsToday: asOf === today })!;
    const identityOperation = request.type === 'property-pack' ? 'uprn_address_lookup' : 'postcode_lookup';
    const identity = await askSection(deps.askers, identityOperation, identityInput, ctx);
    if (!identity.ok) return refused(identity.code, `${identity.message.replace(/\s*Nothing was charged\.?$/, '')} Nothing was reserved.`);

    const logo = request.branding.logo ? await storeLogo(deps.store, Buffer.from(request.branding.logo, 'base64')) : null;
    // Stored before the report is recorded, so the identity section is recorded as soon as the credits are held.
    const identitySha = await deps.store.saveSection(reportId, 'identity', { data: identity.data, sources: identity.sources });
    const terms: ReportTerms = {
      reportId,
      accountId: data.accountId,
      idempotencyKey: data.idempotencyKey,
      requestHash,
      type: request.type,
      subject: request.type === 'property-pack' ? { ...subject, postcode: (identity.data as { postcode: string }).postcode } : subject,
      asOf,
      asOfIsToday: asOf === today,
      branding: {
        companyName: request.branding.companyName,
        primaryColour: request.branding.primaryColour,
        footerText: request.branding.footerText ?? null,
        logo,
      },
      priceCredits: reportPrices[request.type],
      reservationId: reservationIdFor(reportId),
      requestedAt: deps.now().toISOString(),
    };
    const meta = {
      commandId: ctx.commandId,
      correlationId: ctx.metadata.correlationId,
      requestId: ctx.metadata.requestId,
      actor: ctx.metadata.actor,
    };
    const result = await deps.driver.exclusively(reportId, async (): Promise<HandlerResult<Placed>> => {
      const { events, state } = await deps.reports.handle(streamId, (s) => decide({ type: 'RequestReport', terms }, s), meta);
      if (!isPlaced(state)) throw new Error(`report ${reportId} was not recorded`);
      // Another instance recorded it first: answer as a retry would be answered.
      if (events.length === 0) return answerExisting(state, requestHash);
      const reserved = await deps.driver.reserve(state, {
        correlationId: ctx.metadata.correlationId,
        requestId: data.requestId,
        actor: ctx.metadata.actor,
      });
      if (reserved.ok) {
        const placed = (await deps.reports.load(streamId)).state as PlacedReport;
        await deps.driver.record(placed, {
          type: 'RecordSection',
          section: 'identity',
          input: identityInput,
          outcome: { ok: true, sha256: identitySha, sources: identity.sources },
          now: deps.now().toISOString(),
        });
      }
      const after = (await deps.reports.load(streamId)).state as PlacedReport;
      const reply: Placed = { report: reportView(after), placedNow: true, ...(reserved.balance ? { balance: reserved.balance } : {}) };
      if (!reserved.ok) return { ok: false, error: { code: reserved.code, message: reserved.message }, data: reply };
      return { ok: true, data: reply };
    });
    // A sweep is working on this very report (a twin request got here first): answer with the report as it stands.
    if (!result) {
      const now = (await deps.reports.load(streamId)).state;
      return isPlaced(now)
        ? answerExisting(now, requestHash)
        : refused('UPSTREAM_TIMEOUT', 'The report is being recorded; retry with the same Idempotency-Key.');
    }
    deps.driver.poke(reportId);
    return result;
  });

/** The logo, checked already (see inputRefusal), stored once by its content. */
const storeLogo = async (store: ReportStore, bytes: Buffer) => {
  const checked = checkLogo(bytes);
  if (!checked.ok) throw new Error(`a logo refused by checkLogo reached the store: ${checked.message}`);
  return { sha256: await store.saveLogo(bytes, checked.mediaType), mediaType: checked.mediaType };
};
