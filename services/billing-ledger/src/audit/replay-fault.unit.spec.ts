import { LedgerReplay } from './replay';

// A fault in the audit's own code (here an evolve that throws something other than EventCannotApply) is not a problem
// of the account: the audit stops, and says which event of which stream it was replaying.
jest.mock('../accounts/evolve', () => ({
  evolve: () => {
    throw new TypeError('boom');
  },
}));

it('stops on a fault of its own, naming the stream and position', () => {
  const replay = new LedgerReplay();
  const opened = {
    streamId: 'account-acc_fault0001',
    streamPosition: 0,
    type: 'AccountOpened',
    data: {
      accountId: 'acc_fault0001',
      plan: 'basic',
      apiKeyHash: 'a'.repeat(64),
      apiKeyPrefix: 'pds_live_abcd',
      openedAt: '2026-03-01T10:00:00.000Z',
    },
    recordedAt: '2026-03-01T10:00:00.000Z',
  };
  expect(() => replay.apply(opened)).toThrow(/^replaying AccountOpened at account-acc_fault0001 position 0: boom$/);
});
