import { ledgerEvents } from '@pds/contracts';
import { AggregateStore, type EventStore, type RecordedEvent, type SnapshotStore } from '@pds/service-runtime';
import { initialState, type Account, type AccountEvent } from './account';
import { accountSnapshotEveryEvents, accountSnapshotVersion, deserialiseAccount, serialiseAccount } from './account-snapshot';
import { evolve } from './evolve';

/** The business time an event was decided at, as its metadata records it (`metadataOf`), when it does. */
const atOf = (metadata: Record<string, unknown>) => (typeof metadata.at === 'string' ? { at: metadata.at } : {});

/** A recorded event as the account folds it: checked against the contract, with its business time. */
export const parseAccountEvent = (r: RecordedEvent): AccountEvent => ({
  ...ledgerEvents.LedgerEvent.parse({ type: r.type, data: r.data }),
  ...atOf(r.metadata),
});

export interface AccountStoreOptions {
  onRecorded?: (events: AccountEvent[]) => void;
  /** Where snapshots are kept; without, every account is folded from its first event. */
  snapshots?: SnapshotStore;
  onSnapshotError?: (error: unknown, streamId: string) => void;
}

/** The ledger's accounts: each folded from its latest snapshot and the events after it, decided, appended. */
export const accountStore = (store: EventStore, options: AccountStoreOptions = {}) => {
  const snapshots = options.snapshots;
  return new AggregateStore<Account, AccountEvent>(store, evolve, initialState, parseAccountEvent, {
    ...(options.onRecorded ? { onRecorded: options.onRecorded } : {}),
    withMetadata: (event, metadata) => ({ ...event, ...atOf(metadata) }),
    ...(snapshots
      ? {
          snapshots: {
            store: snapshots,
            version: accountSnapshotVersion,
            serialise: serialiseAccount,
            deserialise: deserialiseAccount,
            everyEvents: accountSnapshotEveryEvents,
            ...(options.onSnapshotError ? { onError: options.onSnapshotError } : {}),
          },
        }
      : {}),
  });
};
