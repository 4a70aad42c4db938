import { testServers, uniqueName } from '../../../../test/support/environment';
import { waitFor } from '../../../../test/support/ledger';
import { createLogger } from '../observability/logger';
import { KafkaBus } from './bus';

// Offsets committed for what a member handled, over the real broker: a member that starts again in the same group
// carries on after them instead of being handed the topic again from its start.

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a group member commits what it handled', () => {
  it('even when its first commits had nothing to do: a member started again gets only what is new', async () => {
    const bus = new KafkaBus([testServers().kafkaBrokers], uniqueName('commits'), createLogger('commit-test', 'silent'));
    await bus.connect();
    const topic = uniqueName('committed');
    const groupId = uniqueName('commit_group');
    await bus.ensureTopics([topic], 1);
    const member = async (seen: unknown[]) =>
      bus.subscribe({ groupId, topics: [topic], fromBeginning: true, handle: async (m) => void seen.push(m.value) });
    try {
      const first: unknown[] = [];
      const one = await member(first);
      // Commits are made every 500 ms: let a few pass with nothing handled before anything is sent.
      await sleep(1_600);
      await bus.publish(
        topic,
        [1, 2, 3].map((value) => ({ value })),
      );
      await waitFor(() => first.length === 3, 15_000);
      await one.stop(); // commits what was handled, as a service does when stopped

      const second: unknown[] = [];
      const two = await member(second);
      await bus.publish(topic, [{ value: 4 }]);
      await waitFor(() => second.length >= 1, 15_000);
      await sleep(500);
      await two.stop();
      expect([first, second]).toEqual([[1, 2, 3], [4]]);
    } finally {
      await bus.deleteTopics([topic]).catch(() => undefined);
      await bus.disconnect();
    }
  });
});
