import { createDatabase, migrate } from '@pds/infra';
import { randomBytes } from 'node:crypto';

/** The servers `npm test` started; a test run outside it fails here with what to do instead. */
export const testServers = () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  const kafkaBrokers = process.env.TEST_KAFKA_BROKERS;
  if (!adminUrl || !kafkaBrokers) {
    throw new Error('integration and e2e tests need the servers `npm test` starts; run them with `npm test`');
  }
  return {
    adminUrl,
    kafkaBrokers,
    workDir: process.env.TEST_WORK_DIR ?? '/tmp',
    kafkaDataDir: process.env.TEST_KAFKA_DATA_DIR,
    kafkaPort: Number(process.env.TEST_KAFKA_PORT ?? 0),
  };
};

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

/** A fresh, migrated database of its own for one test file (on the shared server, or on `adminUrl`'s). */
export const freshDatabase = async (prefix = 't', adminUrl = testServers().adminUrl): Promise<string> => {
  const url = await createDatabase(adminUrl, uniqueName(prefix));
  await migrate(url);
  return url;
};
