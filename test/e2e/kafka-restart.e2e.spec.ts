import { startKafka, stopKafka } from '@pds/infra';
import { e2eFixture } from '../support/e2e';
import { testServers } from '../support/environment';
import { chargedLoadThrough, faultStackEnv } from '../support/fault-run';

const world = e2eFixture({ env: faultStackEnv });

describe('Kafka broker stopped and restarted during a load of chargeable calls', () => {
  it('charges each call the client saw succeed exactly once and each failed call not at all', async () => {
    const { kafkaDataDir, kafkaPort } = testServers();
    if (!kafkaDataDir || !kafkaPort) throw new Error('run with `npm test`, which tells the tests where the broker lives');
    const summary = await chargedLoadThrough(world, async () => {
      stopKafka(kafkaDataDir);
      await new Promise((r) => setTimeout(r, 1_000));
      startKafka(kafkaDataDir, kafkaPort);
    });
    process.stdout.write(`Kafka restart: ${JSON.stringify(summary)}\n`);
  });
});
