import { reportEvents } from '@pds/contracts';
import { createHash } from 'node:crypto';
import { runAudit } from '../support/audit';
import { e2eFixture } from '../support/e2e';
import { demoBranding, requestReport, untilEnded } from '../support/reports';

// The analysis service killed (SIGKILL) while a report is being assembled and while it is being rendered: each report
// still completes, charged its 15 credits once (one reservation, one capture), and the ledger's audit passes. Area
// packs of RG30 2AN over the postcode datasets and Price Paid; every render here is held 4 s (a test-only setting,
// refused in production) so that the kill lands while the document is being drawn.

const world = e2eFixture({
  env: { REPORT_RENDER_DELAY_MS: '4000', REPORT_ASK_TIMEOUT_MS: '3000' },
  imports: ['codepoint-open', 'ons-postcode-lookup', 'ppd'],
});
beforeAll(() => world.clock.set('2024-01-15T12:00:00Z'));

const areaPack = { type: 'area-pack', subject: { postcode: 'RG30 2AN' }, branding: demoBranding };

const untilStatus = async (get: () => Promise<{ body: { data: { status: string } } }>, wanted: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await get()).body.data.status;
    if (status === wanted) return;
    if (Date.now() > deadline) throw new Error(`still ${status}, not ${wanted}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const eventsOf = async (reportId: string) =>
  (
    await world.db.query<{ type: string; data: { attempt?: number } }>(
      'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position',
      [reportEvents.reportStreamId(reportId)],
    )
  ).rows;

/** The ledger's word on the report's money: its reservation's events. */
const ledgerEventsOf = async (reportId: string) =>
  (
    await world.db.query<{ type: string }>(
      `SELECT type FROM events WHERE category = 'account' AND type LIKE 'Credit%' AND data->>'reservationId' = $1 ORDER BY global_position`,
      [`rsv_${reportId}`],
    )
  ).rows.map((r) => r.type);

const kill = () => world.stack.kill('analysis', 'SIGKILL');

describe('the analysis service killed mid-report', () => {
  it('while assembling: the sections asked again, the report completes, charged once', async () => {
    const customer = await world.fundedCaller({ credits: 100 });
    // With the location service down, its sections wait on their asks: the report stays assembling.
    await world.stack.kill('location', 'SIGKILL');
    const r = await requestReport(customer, areaPack);
    expect(r.status).toBe(202);
    const { reportId } = r.body.data;
    await untilStatus(() => customer.get(`/reports/${reportId}`), 'assembling');
    await kill();
    world.stack.spawn('location');
    world.stack.spawn('analysis');
    const { report } = await untilEnded(customer, reportId, 90_000);
    expect(report).toMatchObject({ status: 'completed', creditsCharged: 15, paymentStatus: 'captured' });
    expect(await customer.balance()).toBe(85);
    expect(await ledgerEventsOf(reportId)).toEqual(['CreditsReserved', 'CreditsCaptured']);
  });

  it('while rendering: drawn again (the same bytes), completed, charged once', async () => {
    const customer = await world.fundedCaller({ credits: 100 });
    const r = await requestReport(customer, { ...areaPack, asOf: '2023-06-30' });
    const { reportId } = r.body.data;
    await untilStatus(() => customer.get(`/reports/${reportId}`), 'rendering');
    await kill();
    world.stack.spawn('analysis');
    const { report } = await untilEnded(customer, reportId, 90_000);
    expect(report).toMatchObject({ status: 'completed', creditsCharged: 15 });
    const starts = (await eventsOf(reportId)).filter((e) => e.type === 'RenderingStarted').map((e) => e.data.attempt);
    expect(starts).toEqual([1, 2]);
    const pdf = (await customer.get(`/reports/${reportId}/document`)).body as Buffer;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(report.document.sha256);
    expect(await customer.balance()).toBe(85);
    expect(await ledgerEventsOf(reportId)).toEqual(['CreditsReserved', 'CreditsCaptured']);
  });

  it('leaves the ledger reconciled', () => {
    const audit = runAudit(world.databaseUrl);
    expect({ code: audit.code, out: `${audit.stdout}${audit.stderr}`.slice(-3000) }).toMatchObject({ code: 0 });
  });
});
