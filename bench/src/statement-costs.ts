import pg from 'pg';

// What PostgreSQL spends on each statement over a measurement (pg_stat_statements, which `benchServers` loads when
// asked): the executor's time, not the CPU of parsing, planning or the connection's protocol, but it says which
// statements a call's database time goes to.

export interface StatementCosts {
  /** Forgets what was counted so far (the warm-up's). */
  reset(): Promise<void>;
  /** The most expensive statements of `database` since the reset, per call of the `calls` measured. */
  lines(calls: number, top?: number): Promise<string[]>;
}

const oneLine = (query: string, width: number) => {
  const flat = query.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

export const statementCosts = (adminUrl: string, database: string): StatementCosts => {
  const asAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    reset: () => asAdmin(async (client) => void (await client.query('SELECT pg_stat_statements_reset()'))),
    lines: (calls, top = 12) =>
      asAdmin(async (client) => {
        const { rows } = await client.query<{ calls: string; total: number; rows: string; query: string }>(
          `SELECT s.calls, s.total_exec_time AS total, s.rows, s.query
             FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
            WHERE d.datname = $1 AND s.toplevel
            ORDER BY s.total_exec_time DESC LIMIT $2`,
          [database, top],
        );
        const sum = rows.reduce((t, r) => t + r.total, 0);
        // Every statement costs a round trip and its parse, bind and protocol however short its execution.
        const all = await client.query<{ statements: string; total: number }>(
          `SELECT coalesce(sum(s.calls), 0) AS statements, coalesce(sum(s.total_exec_time), 0) AS total
             FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1 AND s.toplevel`,
          [database],
        );
        const statements = Number(all.rows[0]!.statements);
        return [
          `PostgreSQL statements per call: ${(statements / calls).toFixed(1)}, executor time ${(all.rows[0]!.total / calls).toFixed(3)} ms`,
          `PostgreSQL executor time per call, top ${rows.length} statements: ${(sum / calls).toFixed(3)} ms`,
          ...rows.map(
            (r) =>
              `${(r.total / calls).toFixed(3)} ms  ${(Number(r.calls) / calls).toFixed(2)}×/call  ` +
              `${(r.total / Number(r.calls)).toFixed(3)} ms each  ${(Number(r.rows) / Number(r.calls)).toFixed(1)} rows  ${oneLine(r.query, 110)}`,
          ),
        ];
      }),
  };
};
