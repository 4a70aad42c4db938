import { defineCommand, topicsFor, z, type Reply } from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import { subscribe as onChannel, unsubscribe as offChannel } from 'node:diagnostics_channel';
import { testServers, uniqueName } from '../../../../test/support/environment';
import { waitFor } from '../../../../test/support/ledger';
import { createLogger } from '../observability/logger';
import { KafkaBus } from './bus';
import { handler, serveCommands } from './command-host';

// How a service's commands are handled over the real broker when several arrive together (one fetch, one chunk): each
// reply is sent as its command is decided, replies decided while one is in flight share the next produce request, and a
// command that fails part-way through a chunk is delivered again without the commands before it.

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const Echo = defineCommand('Echo', z.object({ n: z.number().int() }), z.object({ n: z.number().int() }));
/** A command that keeps its partition's order (its handler is not one answering a waiting caller). */
const Record = defineCommand('Record', z.object({ n: z.number().int() }), z.object({ n: z.number().int() }));

/** Produce requests this process sends while `work` runs (the client reports each request it writes). */
const produceRequestsDuring = async (work: () => Promise<void>): Promise<number> => {
  let produced = 0;
  const count = (message: unknown) => {
    if ((message as { apiKey?: number }).apiKey === 0) produced++;
  };
  const channel = 'tracing:plt:kafka:connections:api:start';
  onChannel(channel, count);
  try {
    await work();
  } finally {
    offChannel(channel, count);
  }
  return produced;
};

const setUp = async () => {
  const namespace = uniqueName('host');
  const topics = topicsFor(namespace);
  const logger = createLogger('command-host-test', 'silent');
  const bus = new KafkaBus([testServers().kafkaBrokers], uniqueName('host'), logger);
  await bus.connect();
  const commandTopic = topics.commands('analysis');
  const replyTopic = topics.replies(randomUUID());
  await bus.ensureTopics([commandTopic, replyTopic], 1);
  const replies: Reply[] = [];
  const replyReader = await bus.subscribe({
    groupId: uniqueName('replies'),
    topics: [replyTopic],
    fromBeginning: true,
    handle: async (m) => void replies.push(m.value as Reply),
  });
  const commandOf = (n: number, type: string) => ({
    id: randomUUID(),
    type,
    data: { n },
    metadata: { correlationId: `c-${n}`, actor: 'test', issuedAt: new Date().toISOString(), replyTo: replyTopic },
  });
  /** The commands in one publish, so that they land together and reach the service in one chunk. */
  const sendTogether = (ns: number[], recorded: number[] = []) =>
    bus.publish(
      commandTopic,
      ns.map((n) => ({ key: 'same-partition', value: commandOf(n, recorded.includes(n) ? Record.type : Echo.type) })),
    );
  /** Echo answers a waiting caller (`dropWhenLate`), Record does not; `atOnce` lets the answers overtake. */
  const serve = (handle: (n: number) => Promise<{ n: number }>, atOnce?: number) =>
    serveCommands({
      bus,
      topics,
      service: 'analysis',
      logger,
      handlers: [
        handler(Echo, async ({ n }) => ({ ok: true, data: await handle(n as number) }), { dropWhenLate: true }),
        handler(Record, async ({ n }) => ({ ok: true, data: await handle(n as number) })),
      ],
      ...(atOnce ? { answersAtOncePerPartition: atOnce } : {}),
    });
  const answered = () => replies.map((r) => (r.data as { n: number }).n);
  const tearDown = async () => {
    await replyReader.stop();
    await bus.deleteTopics([commandTopic, replyTopic]).catch(() => undefined);
    await bus.disconnect();
  };
  return { sendTogether, serve, answered, tearDown };
};

describe('a chunk of commands', () => {
  it('is answered as each command is decided, the replies decided meanwhile sharing a produce request', async () => {
    const { sendTogether, serve, answered, tearDown } = await setUp();
    let openGate = () => undefined as void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    try {
      await sendTogether([1, 2, 3, 4, 5, 6]);
      const decided: number[] = [];
      let host: Awaited<ReturnType<typeof serve>> | undefined;
      const produced = await produceRequestsDuring(async () => {
        host = await serve(async (n) => {
          if (n === 6) await gate; // the last waits: the others' replies must not wait for it
          decided.push(n);
          return { n };
        });
        await waitFor(() => answered().length === 5, 15_000);
      });
      expect(decided).toEqual([1, 2, 3, 4, 5]);
      expect(answered()).toEqual([1, 2, 3, 4, 5]);
      // The first reply goes at once; 2 to 5 are decided while it is in flight and go in the next request. Each
      // command waiting for its reply's acknowledgement before the next was decided made five.
      expect(produced).toBeLessThanOrEqual(2);
      openGate();
      await waitFor(() => answered().length === 6, 15_000);
      await host?.stop();
      expect(answered()).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      openGate(); // else a failure above would leave the service's chunk, and its stop, waiting for good
      await tearDown();
    }
  });

  it('that fails part-way is delivered again from the command that failed, each command answered once', async () => {
    const { sendTogether, serve, answered, tearDown } = await setUp();
    try {
      await sendTogether([1, 2, 3, 4]);
      const decided: number[] = [];
      let failures = 0;
      const host = await serve(async (n) => {
        if (n === 3 && failures++ === 0) throw new Error('not this time');
        decided.push(n);
        return { n };
      });
      await waitFor(() => answered().length === 4, 15_000);
      await host.stop();
      expect(failures).toBe(2);
      expect(decided).toEqual([1, 2, 3, 4]);
      expect(answered()).toEqual([1, 2, 3, 4]);
    } finally {
      await tearDown();
    }
  });
});

describe('commands answering a waiting caller, several at once in a partition', () => {
  it('are answered as each is ready: the short ones, and one arriving later, pass a slow one', async () => {
    const { sendTogether, serve, answered, tearDown } = await setUp();
    let openGate = () => undefined as void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    try {
      await sendTogether([1, 2, 3, 4]);
      const host = await serve(async (n) => {
        if (n === 1) await gate; // a profile waiting on other services
        return { n };
      }, 4);
      await waitFor(() => answered().length === 3, 15_000);
      // Sent while the slow one is still being handled: taken at once, not after it.
      await sendTogether([5]);
      await waitFor(() => answered().length === 4, 15_000);
      expect(answered()).toEqual([2, 3, 4, 5]);
      openGate();
      await waitFor(() => answered().length === 5, 15_000);
      await host.stop();
      expect(answered()).toEqual([2, 3, 4, 5, 1]);
    } finally {
      openGate();
      await tearDown();
    }
  });

  it('wait for one that keeps its order, as it waits for those before it', async () => {
    const { sendTogether, serve, answered, tearDown } = await setUp();
    let openGate = () => undefined as void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    try {
      // 2 is a Record: after 1, before 3, though 1 is slow.
      await sendTogether([1, 2, 3], [2]);
      const started: number[] = [];
      const host = await serve(async (n) => {
        started.push(n);
        if (n === 1) await gate;
        return { n };
      }, 4);
      await waitFor(() => started.length === 1, 15_000);
      await sleep(1_000);
      expect(started).toEqual([1]);
      openGate();
      await waitFor(() => answered().length === 3, 15_000);
      await host.stop();
      expect(started).toEqual([1, 2, 3]);
      expect(answered()).toEqual([1, 2, 3]);
    } finally {
      openGate();
      await tearDown();
    }
  });

  it('commit only up to the first not handled: one that keeps failing is delivered again with those after it', async () => {
    const { sendTogether, serve, answered, tearDown } = await setUp();
    try {
      await sendTogether([1, 2]);
      let broken = true;
      let failures = 0;
      const first = await serve(async (n) => {
        if (n === 1 && broken) {
          failures++;
          throw new Error('the database is away');
        }
        return { n };
      }, 4);
      await waitFor(() => answered().length === 1 && failures >= 2, 15_000);
      expect(answered()).toEqual([2]);
      // Offsets are committed every 500 ms: 2 is handled, but 1 before it is not, so nothing may be committed.
      await sleep(1_200);
      await first.stop();
      broken = false;
      const second = await serve(async (n) => ({ n }), 4);
      await waitFor(() => answered().length === 3, 15_000);
      await sleep(500);
      await second.stop();
      expect(answered().slice(0, 1)).toEqual([2]);
      expect(answered().slice(1).sort()).toEqual([1, 2]);
    } finally {
      await tearDown();
    }
  });
});
