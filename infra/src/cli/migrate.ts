// `node infra/dist/cli/migrate.js`: applies the schema migrations to DATABASE_URL (used by docker-compose).
import { migrate } from '../migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('DATABASE_URL is required\n');
  process.exit(2);
}
migrate(url).then(
  (applied) => process.stdout.write(applied.length ? `applied ${applied.join(', ')}\n` : 'schema up to date\n'),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  },
);
