import { Supervisor } from '@pds/infra';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eFixture } from '../support/e2e';
import { replayAccount, waitFor } from '../support/ledger';

// `npm start` supervises its processes with these same (default) limits: first restart after 500 ms, doubling, at
// most 30 s; the 5th exit within 2 minutes is the last.
const calculator = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10';
const reported: string[] = [];
const supervisor = new Supervisor({ report: (line) => reported.push(line) });
const world = e2eFixture({ supervisor });

const health = async () => {
  const res = await fetch(`${world.stack.gatewayUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
};

describe('billing-ledger killed with SIGKILL in a supervised stack', () => {
  it('is restarted without help: /healthz names it down meanwhile, then 200, and a charged call gets the right balance', async () => {
    const account = await world.admin.createAccount('basic', 10, { cycle: 'trial' });
    expect((await world.call(calculator, account.apiKey)).body.billing).toMatchObject({ creditsCharged: 1, creditsRemaining: 9 });

    const pid = world.stack.pidOf('billing-ledger');
    if (!pid) throw new Error('billing-ledger is not running');
    process.kill(pid, 'SIGKILL'); // as `kill -9` would: the stack is not told

    // Its ping goes unanswered: the partition stays with the dead consumer until its Kafka session (10 s) runs out.
    expect(await health()).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        checks: {
          kafka: 'ok',
          eventStore: 'ok',
          gateway: 'ok',
          'billing-ledger': 'down',
          'land-registry-orders': 'ok',
          analysis: 'ok',
          location: 'ok',
        },
        referenceData: { status: 'ready', imports: [] },
      },
    });
    expect(reported[0]).toMatch(new RegExp(`^billing-ledger \\(pid ${pid}\\) killed by SIGKILL after .+ up; restarting in 500 ms$`));

    let healthy = await health();
    await waitFor(async () => (healthy = await health()).status === 200, 60_000);
    expect(healthy.body).toEqual({
      status: 'ok',
      checks: {
        kafka: 'ok',
        eventStore: 'ok',
        gateway: 'ok',
        'billing-ledger': 'ok',
        'land-registry-orders': 'ok',
        analysis: 'ok',
        location: 'ok',
      },
      referenceData: { status: 'ready', imports: [] },
    });
    const newPid = world.stack.pidOf('billing-ledger');
    expect(newPid).not.toBe(pid);
    expect(reported).toEqual([expect.stringContaining(`(pid ${pid}) killed by SIGKILL`), `billing-ledger restarted (pid ${newPid})`]);
    expect(supervisor.status('billing-ledger')).toMatchObject({
      state: 'running',
      pid: newPid,
      restarts: 1,
      lastExit: 'killed by SIGKILL',
    });
    expect(world.stack.logOf('billing-ledger')).toMatch(
      new RegExp(`supervisor: billing-ledger \\(pid ${pid}\\) killed by SIGKILL .*\\n.*supervisor: billing-ledger restarted`),
    );

    // 10 credits − 1 before the kill − 1 now = 8, by the ledger's reply, the operator API and the event stream.
    const again = await world.call(calculator, account.apiKey);
    expect([again.status, again.body.billing]).toEqual([
      200,
      { mode: 'prepaid', creditsCharged: 1, creditsRemaining: 8, creditsRefreshAt: null },
    ]);
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(8);
    const replayed = await replayAccount(world.databaseUrl, account.accountId);
    expect(replayed.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsCharged', 'CreditsCharged']);
    expect(replayed.availableCredits).toBe(8);
  });
});

describe('a process that dies at every start', () => {
  it('is given up on at its 5th exit, after restarts 0.5, 1, 2 and 4 s apart, with a report naming it and its log', async () => {
    const name = 'analysis-misconfigured';
    const logFile = join(world.stack.options.logDir, `${name}.log`);
    const from = reported.length;
    // An invalid LOG_LEVEL fails the configuration check at boot (exit code 1).
    world.stack.spawnInstance('analysis', name, { LOG_LEVEL: 'loud' });

    await waitFor(() => supervisor.status(name)?.state === 'gave-up', 90_000);
    const lines = reported.slice(from);
    expect(lines.filter((l) => l.includes('restarting in')).map((l) => l.replace(/^.*; restarting in /, ''))).toEqual([
      '500 ms',
      '1 s',
      '2 s',
      '4 s',
    ]);
    expect(lines.filter((l) => l.startsWith(`${name} restarted`))).toHaveLength(4);
    const gaveUp = lines.at(-1)!;
    expect(gaveUp).toMatch(
      new RegExp(`^gave up on ${name} after 5 exits in [\\d.]+ s \\(last: ${name} \\(pid \\d+\\) exited with code 1 after .+ up\\); see `),
    );
    expect(gaveUp.endsWith(`; see ${logFile}`)).toBe(true);

    const bootFailures = () => readFileSync(logFile, 'utf8').split('analysis failed to start').length - 1;
    expect(bootFailures()).toBe(5);
    expect(readFileSync(logFile, 'utf8')).toContain(`supervisor: ${gaveUp}`);
    // Not started again: past the next delay the policy would have given (8 s), still 5 boots.
    await new Promise((r) => setTimeout(r, 9_000));
    expect([bootFailures(), supervisor.status(name)?.state]).toEqual([5, 'gave-up']);
    // The rest of the stack is untouched.
    expect((await health()).status).toBe(200);
  });
});
