// `npm run bench:ledger-account`: what one chargeable call costs the ledger's decider as an account's history grows.
// One account, calls made one after another (reserve, then capture: decide and evolve, as the ledger does for each
// command); at 1,000, 10,000 and 100,000 calls made, the next 1,000 calls are timed. An account's state holds every
// reservation it ever made (a repeat must get the same answer), so the cost per call must not grow with that number.
import { accountDecider, type Account, type AccountCommand, type AccountEvent } from '@pds/billing-ledger';

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

const main = () => {
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

main();
