import { freshDatabase } from '../../../test/support/environment';
import { createLogger } from './observability/logger';
import { createPool } from './postgres-pool';

// The settings every service connection runs with, as the server reports them (PostgreSQL's default is 2 workers a
// gather, so 0 is ours), alongside settings an operator gives in the connection string's `options`.

const logger = createLogger('test', 'silent');
const settingOf = async (connectionString: string, name: string) => {
  const pool = createPool({ connectionString, max: 1, name: 'test' }, logger);
  try {
    return (await pool.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name])).rows[0]!.setting;
  } finally {
    await pool.end();
  }
};

describe('a service connection', () => {
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase('pool');
  });

  it('never plans a parallel query', async () => {
    expect(await settingOf(url, 'max_parallel_workers_per_gather')).toBe('0');
  });

  it("keeps the operator's own options in the connection string beside it", async () => {
    const withOptions = new URL(url);
    withOptions.searchParams.set('options', '-c work_mem=7MB');
    expect(await settingOf(withOptions.toString(), 'work_mem')).toBe('7MB');
    expect(await settingOf(withOptions.toString(), 'max_parallel_workers_per_gather')).toBe('0');
  });
});
