// `npm run bench:ledger-account`: what an account's history costs the ledger.
// 1. One chargeable call's decisions as the history grows: calls made one after another through the decider (reserve,
//    then capture), the next 1,000 timed after 1,000, 10,000 and 100,000 calls.
// 2. A ledger started afresh, for an account of 10,000, 100,000 and 1,000,000 calls (one a minute, so the longer
//    histories reach far past the 7 days a settled call is remembered), written straight into a PostgreSQL event
//    store of the bench's own: the first call's time (a) folding the whole stream, (b) from the account's snapshot
//    and the events after it, and the state's size (reservations remembered, snapshot JSON bytes, heap).
import { accountDecider, type Account, type AccountCommand, type AccountEvent } from '@pds/billing-ledger';
import { firstCallsAfterRestart } from './ledger-restart';

const log = (line: string) => process.stdout.write(`${line}\n`);
const accountId = 'acc_bench0001';
const now = '2026-06-01T12:00:00.000Z';
const expiresAt = '2026-06-01T12:02:00.000Z';
const timed = 1_000;

const opened: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: {
      accountId,
      plan: 'enterprise',
      apiKeyHash: 'e'.repeat(64),
      apiKeyPrefix: 'pds_live_bench',
      openedAt: '2026-05-01T09:00:00.000Z',
      creditCycle: 'non_renewing',
    },
  },
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 10_000_000, reason: 'opening balance' } },
];

const apply = (state: Account, command: AccountCommand) => accountDecider.decide(command, state).reduce(accountDecider.evolve, state);

const oneCall = (state: Account, n: number): Account => {
  const reservationId = `rsv_${n}`;
  const reserved = apply(state, {
    type: 'ReserveCredits',
    data: { accountId, reservationId, amountCredits: 1, amountPence: 0, purpose: 'api_call', operation: 'op', requestId: `req-${n}` },
    now,
    expiresAt,
  } as AccountCommand);
  return apply(reserved, { type: 'CaptureCredits', data: { accountId, reservationId }, now } as AccountCommand);
};

const deciderCostPerCall = () => {
  let state = opened.reduce(accountDecider.evolve, accountDecider.initialState());
  let made = 0;
  log(`one account's calls through the ledger's decider (reserve and capture), ${timed} timed at each size:`);
  for (const size of [1_000, 10_000, 100_000]) {
    while (made < size) state = oneCall(state, made++);
    const began = process.hrtime.bigint();
    for (let i = 0; i < timed; i++) state = oneCall(state, made++);
    const usPerCall = Number(process.hrtime.bigint() - began) / 1e3 / timed;
    log(`  after ${size.toLocaleString('en-GB').padStart(7)} calls: ${usPerCall.toFixed(1).padStart(7)} µs per call`);
  }
};

const main = async () => {
  deciderCostPerCall();
  await firstCallsAfterRestart(log);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
