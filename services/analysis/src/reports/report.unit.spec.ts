import { reportPlans } from '@pds/contracts';
import { decideInTurn, deciderTests, EventCannotApply } from '@pds/service-runtime';
import fc from 'fast-check';
import { reportDecider, type ReportCommand } from './decide';
import { nextStep } from './next-step';
import { isPlaced, type PlacedReport, type ReportEvent, type ReportTerms } from './report';
import { reportView } from './view';

// The report's state machine, read as a specification: what each thing learnt records, what a repeat records
// (nothing), and what is due next. Money moves once: reserved at the request, captured once at completion, released
// on failure.

const given = deciderTests.given(reportDecider);
const at = '2024-01-15T12:00:00.000Z';
const later = (s: number) => new Date(Date.parse(at) + s * 1000).toISOString();

const terms: ReportTerms = {
  reportId: 'rep_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  accountId: 'acc_12345678',
  idempotencyKey: 'key-00000001',
  requestHash: 'h',
  type: 'area-pack',
  subject: { uprn: null, address: null, postcode: 'RG30 2AN' },
  asOf: '2024-01-15',
  asOfIsToday: true,
  branding: { companyName: 'Thameside', primaryColour: '#0B6E4F', footerText: null, logo: null },
  priceCredits: 15,
  reservationId: 'rsv_rep_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  requestedAt: at,
};
const requested: ReportEvent = { type: 'ReportRequested', data: terms };
const reserved: ReportEvent = { type: 'ChargesReserved', data: { at } };
const sections = reportPlans['area-pack'].map((s) => s.name);
const assembled = (section: (typeof sections)[number]): ReportEvent => ({
  type: 'SectionAssembled',
  data: { section, input: { postcode: 'RG30 2AN' }, sha256: `sha-${section}`, sources: [], at },
});
const allAssembled = sections.map(assembled);
const ok = (section: (typeof sections)[number]): ReportCommand => ({
  type: 'RecordSection',
  section,
  input: { postcode: 'RG30 2AN' },
  outcome: { ok: true, sha256: `sha-${section}`, sources: [] },
  now: at,
});
const refused = (section: (typeof sections)[number], code: string, retryable: boolean, now = at): ReportCommand => ({
  type: 'RecordSection',
  section,
  input: { postcode: 'RG30 2AN' },
  outcome: { ok: false, code, message: `${code} happened`, retryable },
  now,
});
const stateOf = (events: ReportEvent[]) => {
  const state = given(events).thenState(() => undefined);
  if (!isPlaced(state)) throw new Error('not placed');
  return state;
};

describe('a report requested and reserved', () => {
  it('records the request once; a second request with the same terms records nothing', () => {
    given([]).when({ type: 'RequestReport', terms }).then([requested]);
    given([requested]).when({ type: 'RequestReport', terms }).then([]);
  });

  it('records the ledger’s answer once: reserved, or refused (failed, nothing held)', () => {
    given([requested])
      .when({ type: 'RecordReservation', outcome: { ok: true }, now: at })
      .then([reserved]);
    given([requested, reserved])
      .when({ type: 'RecordReservation', outcome: { ok: true }, now: at })
      .then([]);
    const refusal: ReportEvent = { type: 'ChargesRefused', data: { code: 'INSUFFICIENT_CREDITS', message: 'short', at } };
    given([requested])
      .when({ type: 'RecordReservation', outcome: { ok: false, code: 'INSUFFICIENT_CREDITS', message: 'short' }, now: at })
      .then([refusal]);
    expect(reportView(stateOf([requested, refusal]))).toMatchObject({ status: 'failed', creditsCharged: 0, paymentStatus: 'not_reserved' });
    expect(nextStep(stateOf([requested, refusal]), new Date(at))).toEqual({ kind: 'none' });
  });
});

describe('assembling', () => {
  it('asks the identity (and what needs nothing of it) first, the rest once the identity is in', () => {
    expect(nextStep(stateOf([requested, reserved]), new Date(at))).toEqual({
      kind: 'assemble',
      sections: ['identity', 'bank_rate', 'mortgage_rates', 'inflation'],
    });
    const step = nextStep(stateOf([requested, reserved, assembled('identity')]), new Date(at));
    expect(step.kind === 'assemble' && step.sections).toEqual(sections.filter((s) => !['identity'].includes(s)));
  });

  it('records a section once; a retryable failure is tried again 2 s, then 10 s later, then the section is unavailable', () => {
    const base = [requested, reserved, assembled('identity')];
    given(base)
      .when(ok('crime'))
      .then([assembled('crime')]);
    given([...base, assembled('crime')])
      .when(ok('crime'))
      .then([]);
    const first = given(base)
      .when(refused('crime', 'UPSTREAM_TIMEOUT', true))
      .then([
        {
          type: 'SectionAttemptFailed',
          data: { section: 'crime', code: 'UPSTREAM_TIMEOUT', message: 'UPSTREAM_TIMEOUT happened', attempt: 1, retryAt: later(2), at },
        },
      ]);
    // Waiting for its retry time: not due before it, due at it.
    const waiting = {
      ...(first.state as PlacedReport),
      sections: (first.state as PlacedReport).sections.map((s) => (s.name === 'crime' ? s : { ...s, state: 'assembled' as const })),
    };
    expect(nextStep(waiting, new Date(at))).toEqual({ kind: 'wait', until: later(2) });
    expect(nextStep(waiting, new Date(later(2)))).toEqual({ kind: 'assemble', sections: ['crime'] });
    const second = given([...base, ...first.events])
      .when(refused('crime', 'UPSTREAM_TIMEOUT', true, later(2)))
      .result();
    expect(second.events[0]).toMatchObject({ type: 'SectionAttemptFailed', data: { attempt: 2, retryAt: later(12) } });
    given([...base, ...first.events, ...second.events])
      .when(refused('crime', 'UPSTREAM_TIMEOUT', true, later(12)))
      .then([
        {
          type: 'SectionUnavailable',
          data: {
            section: 'crime',
            input: { postcode: 'RG30 2AN' },
            code: 'UPSTREAM_TIMEOUT',
            message: 'UPSTREAM_TIMEOUT happened',
            at: later(12),
          },
        },
      ]);
  });

  it('lists an optional section that cannot be made and goes on; a core one abandons the report', () => {
    const base = [requested, reserved, assembled('identity')];
    given(base)
      .when(refused('crime', 'CRIME_DATA_NOT_HELD', false))
      .then([
        {
          type: 'SectionUnavailable',
          data: {
            section: 'crime',
            input: { postcode: 'RG30 2AN' },
            code: 'CRIME_DATA_NOT_HELD',
            message: 'CRIME_DATA_NOT_HELD happened',
            at,
          },
        },
      ]);
    given([requested, reserved])
      .when(refused('identity', 'POSTCODE_NOT_FOUND', false))
      .then([
        {
          type: 'SectionUnavailable',
          data: {
            section: 'identity',
            input: { postcode: 'RG30 2AN' },
            code: 'POSTCODE_NOT_FOUND',
            message: 'POSTCODE_NOT_FOUND happened',
            at,
          },
        },
        { type: 'ReportAbandoned', data: { code: 'REPORT_CORE_UNAVAILABLE', message: 'identity: POSTCODE_NOT_FOUND happened', at } },
      ]);
  });
});

describe('rendering, capture and completion', () => {
  const assembledAll = [requested, reserved, ...allAssembled];
  const started: ReportEvent = { type: 'RenderingStarted', data: { attempt: 1, at } };
  const rendered: ReportEvent = { type: 'ReportRendered', data: { sha256: 'pdf', sizeBytes: 1000, pages: 9, at } };
  const captured: ReportEvent = { type: 'ChargesCaptured', data: { at } };

  it('renders once every section is settled, counting an attempt a crash cut short', () => {
    expect(nextStep(stateOf(assembledAll), new Date(at))).toEqual({ kind: 'render' });
    given(assembledAll).when({ type: 'StartRendering', now: at }).then([started]);
    // Started and never recorded (the process died drawing it): the next start is the second attempt.
    given([...assembledAll, started])
      .when({ type: 'StartRendering', now: at })
      .then([{ type: 'RenderingStarted', data: { attempt: 2, at } }]);
    given([requested, reserved]).when({ type: 'StartRendering', now: at }).then([]);
  });

  it('gives up, free, after three renders that failed', () => {
    const attempts = [1, 2, 3].flatMap((attempt): ReportEvent[] => [
      { type: 'RenderingStarted', data: { attempt, at } },
      { type: 'RenderingFailed', data: { attempt, message: 'boom', at } },
    ]);
    given([...assembledAll, ...attempts.slice(0, 5)])
      .when({ type: 'RecordRenderFailure', message: 'boom', now: at })
      .then([
        { type: 'RenderingFailed', data: { attempt: 3, message: 'boom', at } },
        { type: 'ReportAbandoned', data: { code: 'REPORT_RENDER_FAILED', message: 'boom', at } },
      ]);
  });

  it('captures once, then completes with the price charged; a repeat records nothing', () => {
    expect(nextStep(stateOf([...assembledAll, started, rendered]), new Date(at))).toEqual({ kind: 'capture' });
    given([...assembledAll, started, rendered])
      .when({ type: 'RecordCapture', now: at })
      .then([captured]);
    given([...assembledAll, started, rendered, captured])
      .when({ type: 'RecordCapture', now: at })
      .then([]);
    given([...assembledAll, started, rendered])
      .when({ type: 'Complete', now: at })
      .then([]);
    const done = given([...assembledAll, started, rendered, captured])
      .when({ type: 'Complete', now: at }, { type: 'Complete', now: at })
      .then([{ type: 'ReportCompleted', data: { accountId: 'acc_12345678', creditsCharged: 15, at } }]);
    expect(reportView(done.state as PlacedReport)).toMatchObject({ status: 'completed', creditsCharged: 15, progress: { percent: 100 } });
  });

  it('completes free when the ledger had given the hold back first (its word stands)', () => {
    given([...assembledAll, started, rendered])
      .when({ type: 'RecordSettledAtLedger', outcome: 'released', now: at }, { type: 'Complete', now: at })
      .then([
        { type: 'ChargesSettledAtLedger', data: { outcome: 'released', at } },
        { type: 'ReportCompleted', data: { accountId: 'acc_12345678', creditsCharged: 0, at } },
      ]);
  });
});

describe('a failed report', () => {
  const abandoned: ReportEvent = { type: 'ReportAbandoned', data: { code: 'REPORT_CORE_UNAVAILABLE', message: 'no', at } };

  it('releases its credits, then fails; it reads as failed only once they are given back', () => {
    const base = [requested, reserved, abandoned];
    expect(nextStep(stateOf(base), new Date(at))).toEqual({ kind: 'release' });
    expect(reportView(stateOf(base)).status).toBe('assembling');
    given(base).when({ type: 'Fail', now: at }).then([]);
    const done = given(base)
      .when({ type: 'RecordRelease', now: at }, { type: 'Fail', now: at })
      .then([
        { type: 'ChargesReleased', data: { at } },
        { type: 'ReportFailed', data: { accountId: 'acc_12345678', code: 'REPORT_CORE_UNAVAILABLE', message: 'no', at } },
      ]);
    expect(reportView(done.state as PlacedReport)).toMatchObject({
      status: 'failed',
      creditsCharged: 0,
      error: { code: 'REPORT_CORE_UNAVAILABLE' },
    });
  });

  it('refunds what an operator captured of it before failing', () => {
    const base = [requested, reserved, abandoned, { type: 'ChargesSettledAtLedger', data: { outcome: 'captured', at } } as ReportEvent];
    expect(nextStep(stateOf(base), new Date(at))).toEqual({ kind: 'refund' });
  });

  it('cannot take an event for a report never requested', () => {
    given([reserved]).thenThrows(EventCannotApply, { eventType: 'ChargesReserved' });
  });
});

describe('whatever the driver learns, in whatever order and however often', () => {
  const commands: fc.Arbitrary<ReportCommand> = fc.oneof(
    fc.constant<ReportCommand>({ type: 'RecordReservation', outcome: { ok: true }, now: at }),
    fc.constantFrom(...sections).map(ok),
    fc.constantFrom(...sections).map((s) => refused(s, 'UPSTREAM_TIMEOUT', true)),
    fc.constantFrom(...sections).map((s) => refused(s, 'NOT_HELD', false)),
    fc.constant<ReportCommand>({ type: 'StartRendering', now: at }),
    fc.constant<ReportCommand>({ type: 'RecordRenderFailure', message: 'boom', now: at }),
    fc.constant<ReportCommand>({ type: 'RecordRendered', document: { sha256: 'x', sizeBytes: 1, pages: 1 }, now: at }),
    fc.constant<ReportCommand>({ type: 'RecordCapture', now: at }),
    fc.constant<ReportCommand>({ type: 'RecordRelease', now: at }),
    fc.constant<ReportCommand>({ type: 'Complete', now: at }),
    fc.constant<ReportCommand>({ type: 'Fail', now: at }),
  );

  it('never captures twice, never completes unrendered, never fails holding or having taken the credits', () => {
    fc.assert(
      fc.property(fc.array(commands, { maxLength: 60 }), (cs) => {
        const { events, state } = decideInTurn(reportDecider, [{ type: 'RequestReport', terms }, ...cs], reportDecider.initialState());
        const types = events.map((e) => e.type);
        expect(types.filter((t) => t === 'ChargesCaptured').length).toBeLessThanOrEqual(1);
        expect(types.filter((t) => t === 'ReportCompleted' || t === 'ReportFailed').length).toBeLessThanOrEqual(1);
        if (types.includes('ReportCompleted')) expect(types).toContain('ReportRendered');
        if (types.includes('ReportFailed')) {
          expect(types).not.toContain('ChargesCaptured');
          expect((state as PlacedReport).payment).toBe('released');
        }
        if (types.includes('ChargesCaptured')) expect(types).not.toContain('ChargesReleased');
      }),
    );
  });
});
