// The single-process baseline the charging benchmark compares the stack with: one express handler that checks the
// key and debits a PostgreSQL row with one autocommit `UPDATE … RETURNING` (no BEGIN/COMMIT round trips), then
// calculates in-process. No ledger events, no Kafka, no audit trail, no rate limits: the cheapest honest way to charge
// a credit per call.
import { calculateRenovationUplift } from '@pds/analysis';
import { RenovationUpliftQuery } from '@pds/contracts';
import express from 'express';
import { createHash } from 'node:crypto';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const main = async () => {
  await pool.query(
    'CREATE TABLE IF NOT EXISTS baseline_accounts (key_hash text PRIMARY KEY, credits bigint NOT NULL CHECK (credits >= 0))',
  );
  const app = express();
  app.get('/api/v1/property/renovation-uplift-calculator', async (req, res) => {
    const parsed = RenovationUpliftQuery.safeParse(req.query);
    if (!parsed.success)
      return void res.status(400).json({ success: false, error: { code: 'INVALID_VALUE', message: 'invalid parameters' } });
    const keyHash = createHash('sha256')
      .update(req.header('x-api-key') ?? '')
      .digest('hex');
    try {
      const { rows } = await pool.query<{ credits: string }>(
        'UPDATE baseline_accounts SET credits = credits - 1 WHERE key_hash = $1 AND credits >= 1 RETURNING credits',
        [keyHash],
      );
      if (!rows[0])
        return void res.status(402).json({ success: false, error: { code: 'INSUFFICIENT_CREDITS', message: 'not enough credits' } });
      res.json({
        success: true,
        data: calculateRenovationUplift(parsed.data),
        billing: { mode: 'prepaid', creditsCharged: 1, creditsRemaining: Number(rows[0].credits), creditsRefreshAt: null },
      });
    } catch (error) {
      res.status(500).json({ success: false, error: { code: 'DATABASE_ERROR', message: (error as Error).message } });
    }
  });
  app.post('/accounts', express.json(), async (req, res) => {
    const { apiKey, credits } = req.body as { apiKey: string; credits: number };
    await pool.query('INSERT INTO baseline_accounts (key_hash, credits) VALUES ($1, $2)', [
      createHash('sha256').update(apiKey).digest('hex'),
      credits,
    ]);
    res.status(201).json({ ok: true });
  });
  const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('baseline ready\n'));
  server.keepAliveTimeout = 65_000;
  process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
};

main().catch((error: unknown) => {
  process.stderr.write(`baseline failed: ${(error as Error).message}\n`);
  process.exit(1);
});
