import { testServers, uniqueName } from '../../../../test/support/environment';
import { kafkaClient, type KafkaClient } from './kafka-client';

const { Admin, Consumer, Producer, stringDeserializers, stringSerializers } = kafkaClient;
const kMetadata: typeof KafkaClient.kMetadata = kafkaClient.kMetadata;

type Metadata = KafkaClient.ClusterMetadata;

/**
 * Stands in a broker that is starting again: every metadata the client reads (fetched for real) lists no broker, as
 * KRaft's does until the broker is let back in. Returns the way back to the real metadata.
 */
const withoutBrokers = (client: KafkaClient.Base) => {
  const real = client[kMetadata].bind(client);
  client[kMetadata] = (options, callback) =>
    real(options, (error, metadata) => callback(error, metadata && ({ ...metadata, brokers: new Map() } as Metadata)));
  return () => {
    client[kMetadata] = real;
  };
};

const clientOptions = () => ({
  clientId: uniqueName('client'),
  bootstrapBrokers: [testServers().kafkaBrokers],
  strict: true,
  retries: 2,
  retryDelay: 50,
});

describe('the Kafka clients while the broker is not in its own metadata (a restarting broker)', () => {
  it('a consumer group operation fails as a request instead of ending the process, and works once the broker is back', async () => {
    const consumer = new Consumer<string, string, string, string>({
      ...clientOptions(),
      groupId: uniqueName('group'),
      deserializers: stringDeserializers,
    });
    try {
      const back = withoutBrokers(consumer);
      await expect(consumer.joinGroup({})).rejects.toMatchObject({ message: expect.stringMatching(/in the (current )?cluster metadata/) });
      back();
      await expect(consumer.joinGroup({})).resolves.toEqual(expect.any(String));
    } finally {
      await consumer.close(true);
    }
  });

  it('a send fails as a request, and the next one is sent', async () => {
    const topic = uniqueName('guarded');
    const admin = new Admin(clientOptions());
    const producer = new Producer<string, string, string, string>({ ...clientOptions(), serializers: stringSerializers });
    try {
      await admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
      const back = withoutBrokers(producer);
      await expect(producer.send({ messages: [{ topic, value: 'lost' }] })).rejects.toThrow();
      back();
      const sent = await producer.send({ messages: [{ topic, value: 'sent' }] });
      expect(sent.offsets).toEqual([{ topic, partition: 0, offset: 0n }]);
    } finally {
      await producer.close();
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.close();
    }
  });
});
