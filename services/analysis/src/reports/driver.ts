import { reportEvents, reportPlans, sectionInput } from '@pds/contracts';
import {
  runPeriodically,
  type AggregateStore,
  type Clock,
  type HandlerContext,
  type Logger,
  type RequestContext,
} from '@pds/service-runtime';
import type pg from 'pg';
import type { ReportCharges, Settled } from './charges';
import { decide, type ReportCommand, type SectionOutcome } from './decide';
import { nextStep, type Step } from './next-step';
import type { RenderQueue } from './render-in-worker';
import { isPlaced, type PlacedReport, type Report, type ReportEvent } from './report';
import { documentFilename, reportModelOf } from './report-model';
import type { ReportStore } from './report-store';
import { inputContextOf } from './section-context';
import { askSection, type SectionAskers } from './sections/ask-section';

export interface ReportDriverDeps {
  reports: AggregateStore<Report, ReportEvent>;
  charges: ReportCharges;
  store: ReportStore;
  askers: SectionAskers;
  renderer: Pick<RenderQueue, 'render'>;
  db: pg.Pool;
  clock: Clock;
  logger: Logger;
  /** Tests only: holds each render this long, so a test can stop the service while a report is rendering. */
  renderDelayMs?: number;
}

/** Steps taken for one report in one go; a longer chain continues at the next sweep. */
const stepsPerAdvance = 16;
const sweepBatch = 100;

/**
 * Moves reports along: asks `nextStep` what the report needs, does it (at the ledger, by asking a section's owner, by
 * rendering), records what came of it, and repeats. Everything it records goes through `decide`, so a repeated or
 * raced step records nothing new. A sweep over the read model picks up every report with work due, which is how a
 * restart resumes whatever a crash cut off.
 */
export class ReportDriver {
  private readonly busy = new Set<string>();

  constructor(private readonly deps: ReportDriverDeps) {}

  /** Runs `work` while no sweep touches the report (the placement takes the first steps itself). */
  async exclusively<T>(reportId: string, work: () => Promise<T>): Promise<T | undefined> {
    if (this.busy.has(reportId)) return undefined;
    this.busy.add(reportId);
    try {
      return await work();
    } finally {
      this.busy.delete(reportId);
    }
  }

  /** Takes the report's steps until it has to wait (a section's retry time) or ends. */
  advance(reportId: string): Promise<void> {
    return this.exclusively(reportId, async () => {
      for (let i = 0; i < stepsPerAdvance; i++) {
        const { state } = await this.deps.reports.load(reportEvents.reportStreamId(reportId));
        if (!isPlaced(state)) return;
        const step = nextStep(state, this.deps.clock.now());
        if (step.kind === 'none' || step.kind === 'wait') return;
        if (!(await this.perform(state, step))) return;
      }
    }).then(() => undefined);
  }

  /** Advances a report in the background, logging (not throwing) what goes wrong: the next sweep tries again. */
  poke(reportId: string): void {
    void this.advance(reportId).catch((err: unknown) =>
      this.deps.logger.warn({ err, reportId }, 'report step failed; the next sweep retries'),
    );
  }

  start(intervalMs: number) {
    return runPeriodically(
      'report-driver',
      intervalMs,
      async (isStopping) => {
        const { rows } = await this.deps.db.query<{ report_id: string }>(
          'SELECT report_id FROM reports WHERE next_step_at <= $1 ORDER BY next_step_at LIMIT $2',
          [this.deps.clock.now(), sweepBatch],
        );
        for (const { report_id: reportId } of rows) {
          if (isStopping()) return;
          // Reports advance side by side: one waiting on a slow upstream does not hold up the rest.
          this.poke(reportId);
        }
      },
      this.deps.logger,
    );
  }

  /** Records what a step learnt; true when something new was recorded. */
  async record(r: PlacedReport, command: ReportCommand): Promise<boolean> {
    const { events } = await this.deps.reports.handle(reportEvents.reportStreamId(r.reportId), (s) => decide(command, s), {
      correlationId: r.reportId,
      actor: 'analysis',
      command: command.type,
    });
    if (events.length > 0) {
      const moved = events.map((e) => ('section' in e.data ? `${e.type}(${e.data.section})` : e.type));
      this.deps.logger.info({ reportId: r.reportId, events: moved }, 'report moved');
    }
    return events.length > 0;
  }

  /** Reserves the report's credits and records the ledger's answer. */
  async reserve(r: PlacedReport, ctx: RequestContext) {
    const outcome = await this.deps.charges.reserve(r, ctx);
    await this.record(r, {
      type: 'RecordReservation',
      outcome: outcome.ok ? { ok: true } : { ok: false, code: outcome.code, message: outcome.message },
      now: this.now(),
    });
    return outcome;
  }

  private now() {
    return this.deps.clock.now().toISOString();
  }

  private ctx(r: PlacedReport): RequestContext {
    return { correlationId: r.reportId, requestId: r.reportId, actor: 'analysis' };
  }

  private settled(r: PlacedReport, held: Settled, target: Settled): ReportCommand {
    if (held === target) return { type: held === 'captured' ? 'RecordCapture' : 'RecordRelease', now: this.now() };
    this.deps.logger.warn({ reportId: r.reportId, held }, 'the ledger had already settled the reservation; the report follows it');
    return { type: 'RecordSettledAtLedger', outcome: held, now: this.now() };
  }

  private async perform(r: PlacedReport, step: Exclude<Step, { kind: 'none' | 'wait' }>): Promise<boolean> {
    const { charges } = this.deps;
    switch (step.kind) {
      case 'reserve':
        await this.reserve(r, this.ctx(r));
        return true;
      case 'capture':
        return this.record(r, this.settled(r, await charges.capture(r, this.ctx(r)), 'captured'));
      case 'release': {
        const reason = r.error ? `report failed: ${r.error.code}` : 'report failed';
        return this.record(r, this.settled(r, await charges.release(r, this.ctx(r), reason), 'released'));
      }
      case 'refund':
        await charges.refund(r, this.ctx(r));
        return this.record(r, { type: 'RecordRelease', now: this.now() });
      case 'assemble':
        return this.assemble(r, step.sections);
      case 'render':
        return this.render(r);
      case 'complete':
        return this.record(r, { type: 'Complete', now: this.now() });
      case 'fail':
        return this.record(r, { type: 'Fail', now: this.now() });
    }
  }

  /**
   * Asks each due section's owner, side by side, storing each answer before recording it; then records what each
   * gave, one after another (the stream takes one writer at a time: recorded side by side they would only collide).
   */
  private async assemble(r: PlacedReport, sections: readonly string[]): Promise<boolean> {
    const stored = await this.deps.store.sections(r.reportId);
    const context = inputContextOf(r, stored);
    const plan = reportPlans[r.type];
    const learnt = await Promise.all(
      r.sections
        .filter((s) => sections.includes(s.name))
        .map(async (s): Promise<Extract<ReportCommand, { type: 'RecordSection' }>> => {
          const input = sectionInput(s.name, context) ?? null;
          const recordOf = (outcome: SectionOutcome) => ({
            type: 'RecordSection' as const,
            section: s.name,
            input,
            outcome,
            now: this.now(),
          });
          if (!input)
            return recordOf({
              ok: false,
              code: 'DEPENDENCY_UNAVAILABLE',
              message: 'A section it depends on could not be made.',
              retryable: false,
            });
          const operationId = plan.find((p) => p.name === s.name)!.operationId;
          const answer = await askSection(this.deps.askers, operationId, input, this.handlerContext(r, s.name));
          if (!answer.ok) return recordOf(answer);
          const sha256 = await this.deps.store.saveSection(r.reportId, s.name, { data: answer.data, sources: answer.sources });
          return recordOf({ ok: true, sha256, sources: answer.sources });
        }),
    );
    let recorded = false;
    for (const command of learnt) recorded = (await this.record(r, command)) || recorded;
    return recorded;
  }

  private handlerContext(r: PlacedReport, section: string): HandlerContext {
    const metadata = { correlationId: r.reportId, requestId: r.reportId, actor: 'analysis', issuedAt: this.now() };
    return { commandId: `${r.reportId}:${section}`, metadata, logger: this.deps.logger.child({ reportId: r.reportId, section }) };
  }

  /** Records the attempt before drawing (a crash mid-render counts it), then stores the document and records it. */
  private async render(r: PlacedReport): Promise<boolean> {
    if (!(await this.record(r, { type: 'StartRendering', now: this.now() }))) return false;
    const { state } = await this.deps.reports.load(reportEvents.reportStreamId(r.reportId));
    if (!isPlaced(state) || state.status !== 'rendering') return true;
    try {
      const stored = await this.deps.store.sections(r.reportId);
      const logo = r.branding.logo ? ((await this.deps.store.logo(r.branding.logo.sha256)) ?? null) : null;
      if (this.deps.renderDelayMs) await new Promise((resolve) => setTimeout(resolve, this.deps.renderDelayMs));
      const { pdf, pages } = await this.deps.renderer.render(reportModelOf(state, stored, logo));
      const sha256 = await this.deps.store.saveDocument({
        reportId: r.reportId,
        accountId: r.accountId,
        pdf,
        filename: documentFilename(r),
      });
      return this.record(state, { type: 'RecordRendered', document: { sha256, sizeBytes: pdf.length, pages }, now: this.now() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.deps.logger.error({ err: error, reportId: r.reportId }, 'rendering failed');
      return this.record(state, { type: 'RecordRenderFailure', message, now: this.now() });
    }
  }
}
