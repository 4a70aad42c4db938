import { testServers, uniqueName } from '../../../../test/support/environment';
import { createLogger } from '../observability/logger';
import { KafkaBus } from './bus';
import { kafkaClient } from './kafka-client';

// The command topics a service asks for, over the real broker: made when missing, grown when an earlier release made
// them with fewer partitions (the reading services' went from 4 to 16), and never shrunk.

jest.setTimeout(60_000);

describe('ensuring topics', () => {
  it('creates a topic with the partitions asked, grows one that has fewer, and leaves one that has more', async () => {
    const bus = new KafkaBus([testServers().kafkaBrokers], uniqueName('topics'), createLogger('topics-test', 'silent'));
    const admin = new kafkaClient.Admin({ clientId: uniqueName('admin'), bootstrapBrokers: [testServers().kafkaBrokers] });
    const partitions = async (topic: string) =>
      (await admin.metadata({ topics: [topic], forceUpdate: true })).topics.get(topic)?.partitions.length;
    const [grown, kept] = [uniqueName('grown'), uniqueName('kept')];
    try {
      await bus.connect();
      await bus.ensureTopics([grown, kept], 4);
      expect([await partitions(grown), await partitions(kept)]).toEqual([4, 4]);
      await bus.ensureTopics([grown], 16);
      expect(await partitions(grown)).toBe(16);
      // Every partition has its leader when it returns: a message sent at once is accepted.
      await bus.publish(grown, [{ key: 'k', value: { n: 1 } }]);
      await bus.ensureTopics([grown], 4);
      expect(await partitions(grown)).toBe(16);
    } finally {
      await admin.deleteTopics({ topics: [grown, kept] }).catch(() => undefined);
      await admin.close();
      await bus.disconnect();
    }
  });
});
