import { readModels } from '@pds/contracts';
import pg from 'pg';
import { freshDatabase } from '../support/environment';

// Each read-model contract is a view its owner's migrations create, with exactly the columns the contract declares.

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: await freshDatabase('readmodels') });
  await db.connect();
});
afterAll(async () => db?.end());

describe('read-model contracts', () => {
  it.each(readModels.readModels.map((m) => [m.relation, m]))('%s is a view with the declared columns', async (_, model) => {
    const { rows } = await db.query<{ table_type: string }>('SELECT table_type FROM information_schema.tables WHERE table_name = $1', [
      model.relation,
    ]);
    expect(rows.map((r) => r.table_type)).toEqual(['VIEW']);
    const columns = await db.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
      [model.relation],
    );
    expect(columns.rows.map((c) => c.column_name).sort()).toEqual(Object.keys(model.row.shape).sort());
  });
});
