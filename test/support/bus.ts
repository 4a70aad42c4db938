import { topicsFor } from '@pds/contracts';
import { createLogger, KafkaBus, RequestReplyClient } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';
import { testServers } from './environment';

/** The test process on the stack's Kafka namespace, able to send commands as a service would. */
export const connectTestBus = async (namespace: string) => {
  const topics = topicsFor(namespace);
  const logger = createLogger('test', 'silent');
  const bus = new KafkaBus([testServers().kafkaBrokers], `test-${randomUUID().slice(0, 8)}`, logger);
  await bus.connect();
  const rpc = new RequestReplyClient(bus, topics, `test-${randomUUID().slice(0, 8)}`, logger);
  await rpc.start();
  return {
    bus,
    rpc,
    topics,
    close: async () => {
      await rpc.stop();
      await bus.disconnect();
    },
  };
};

export type TestBus = Awaited<ReturnType<typeof connectTestBus>>;
