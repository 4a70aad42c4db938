import type pg from 'pg';

/** A stream's state as it stood after the event at `revision`, in its serialised form. */
export interface Snapshot {
  revision: number;
  state: unknown;
}

/**
 * Where snapshots of aggregate states are kept. A snapshot only saves reading the events before it: the store may lose
 * one, or refuse to write one, and every state is still the fold of its stream.
 */
export interface SnapshotStore {
  /** The latest snapshot of the stream taken at this version; undefined when there is none. */
  read(streamId: string, version: number): Promise<Snapshot | undefined>;
  /** Keeps the snapshot unless one of the same version at a later revision is already kept. */
  write(streamId: string, version: number, snapshot: Snapshot): Promise<void>;
}

/** Snapshots in the event store's database (table `snapshots`, migration 040): one row per stream and version. */
export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly pool: pg.Pool) {}

  async read(streamId: string, version: number): Promise<Snapshot | undefined> {
    const { rows } = await this.pool.query<{ revision: string; state: unknown }>(
      'SELECT revision, state FROM snapshots WHERE stream_id = $1 AND version = $2',
      [streamId, version],
    );
    const row = rows[0];
    return row ? { revision: Number(row.revision), state: row.state } : undefined;
  }

  async write(streamId: string, version: number, snapshot: Snapshot): Promise<void> {
    // Two writers (two ledgers after a rebalance, say) may race: the later revision wins, whichever commits last.
    await this.pool.query(
      `INSERT INTO snapshots (stream_id, version, revision, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (stream_id, version) DO UPDATE SET revision = excluded.revision, state = excluded.state, taken_at = excluded.taken_at
        WHERE snapshots.revision < excluded.revision`,
      [streamId, version, snapshot.revision, JSON.stringify(snapshot.state)],
    );
  }
}
