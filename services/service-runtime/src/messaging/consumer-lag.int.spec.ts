import { testServers, uniqueName } from '../../../../test/support/environment';
import { waitFor } from '../../../../test/support/ledger';
import { createLogger } from '../observability/logger';
import { metricsRegistry } from '../observability/metrics';
import { KafkaBus } from './bus';

// The lag a scrape of /metrics reads for a group member, over the real broker: messages wait while the handler is
// held, and the lag goes back to 0 once they are handled and committed (every 500 ms).

jest.setTimeout(60_000);

const lagOf = async (group: string, topic: string) => {
  const text = await metricsRegistry.metrics();
  return text
    .split('\n')
    .filter((l) => l.startsWith('pds_kafka_consumer_lag{') && l.includes(`group="${group}"`) && l.includes(`topic="${topic}"`))
    .map((l) => [Number(/partition="(\d+)"/.exec(l)?.[1]), Number(l.slice(l.lastIndexOf(' ') + 1))]);
};

describe('Kafka consumer lag on /metrics', () => {
  it('counts the messages a member has not handled and committed, per partition it holds, and 0 once it has', async () => {
    const bus = new KafkaBus([testServers().kafkaBrokers], uniqueName('lag'), createLogger('lag-test', 'silent'));
    await bus.connect();
    const topic = uniqueName('lagged');
    const group = uniqueName('lag_group');
    await bus.ensureTopics([topic], 2);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    const subscription = await bus.subscribe({
      groupId: group,
      topics: [topic],
      fromBeginning: true,
      handle: async (message) => {
        await held;
        handled.push(String(message.value));
      },
    });
    try {
      // Commits are made every 500 ms: let a few pass with nothing to commit first.
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      // Five messages on partition 0 and two on partition 1 (sent with explicit keys; which partition each key goes
      // to is read from the lag itself, so only the totals are fixed here: 5 + 2 wait in all, none handled).
      await bus.publish(
        topic,
        ['a', 'a', 'a', 'a', 'a', 'b', 'b'].map((key, i) => ({ key, value: i, headers: {} })),
      );
      await waitFor(async () => (await lagOf(group, topic)).reduce((sum, [, lag]) => sum + (lag ?? 0), 0) === 7, 15_000);
      const lags = (await lagOf(group, topic)).map(([, lag]) => lag).sort();
      // Both partitions held by the one member; either the keys share a partition (0 and 7) or not (2 and 5).
      expect([
        [0, 7],
        [2, 5],
      ]).toContainEqual(lags);

      release();
      await waitFor(async () => handled.length === 7, 15_000);
      await waitFor(async () => (await lagOf(group, topic)).every(([, lag]) => lag === 0), 15_000);
      expect((await lagOf(group, topic)).length).toBe(2);
    } finally {
      release();
      await subscription.stop();
      await bus.deleteTopics([topic]).catch(() => undefined);
      await bus.disconnect();
    }
    // A member stopped reports nothing more.
    expect(await lagOf(group, topic)).toEqual([]);
  });
});
