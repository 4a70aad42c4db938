import { testServers, uniqueName } from '../../../../test/support/environment';
import { waitFor } from '../../../../test/support/ledger';
import { createLogger } from '../observability/logger';
import { KafkaBus } from './bus';
import { GroupConsumer } from './group-consumer';

// Offsets committed for what a member handled, over the real broker: a member that starts again in the same group
// carries on after them instead of being handed the topic again from its start; and a member the client gives up on
// starts again even when its work in hand never ends.

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

describe('a member the client gives up on', () => {
  it('starts again without waiting for work that never ends, and the new member handles that message', async () => {
    const bus = new KafkaBus([testServers().kafkaBrokers], uniqueName('restart'), createLogger('restart-test', 'silent'));
    await bus.connect();
    const topic = uniqueName('restarted');
    await bus.ensureTopics([topic], 1);
    const handled: unknown[] = [];
    let calls = 0;
    const member = new GroupConsumer(
      { brokers: [testServers().kafkaBrokers], clientId: uniqueName('restart'), fetchMaxWaitMs: 100, retries: 2, retryDelay: () => 100 },
      {
        groupId: uniqueName('restart_group'),
        topics: [topic],
        fromBeginning: true,
        // The first delivery's work never ends, as a handler's did whose send the client never settled.
        handle: async (m) => {
          if (++calls === 1) return new Promise<void>(() => undefined);
          handled.push(m.value);
        },
      },
      createLogger('restart-test', 'silent'),
    );
    try {
      await member.start();
      await bus.publish(topic, [{ value: 1 }]);
      await waitFor(() => calls === 1, 15_000);
      // What the client emits when it gives up on a member (a fetch or a rejoin failed beyond its retries).
      (member as unknown as { consumer: { emit: (event: string, error: Error) => void } }).consumer.emit('error', new Error('gave up'));
      await waitFor(() => handled.length === 1, 30_000);
      await bus.publish(topic, [{ value: 2 }]);
      await waitFor(() => handled.length === 2, 15_000);
      expect([calls, handled]).toEqual([3, [1, 2]]);
    } finally {
      await member.stop();
      await bus.deleteTopics([topic]).catch(() => undefined);
      await bus.disconnect();
    }
  });
});
