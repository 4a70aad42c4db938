import { isBrokerAway, kafkaClient } from './kafka-client';

const { fetchV17, Reader } = kafkaClient;

// A Fetch response (version 17) written byte by byte from the Kafka protocol guide
// (https://kafka.apache.org/protocol#The_Messages_Fetch): a restarted broker refuses the first partition with
// NOT_LEADER_OR_FOLLOWER (6) and adds its current leader as tagged field 1 (leader id, leader epoch, no tagged fields
// of its own); the second partition is answered normally, with no records.
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const int64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(n);
  return b;
};
/** Unsigned varints below 128 are one byte; compact lengths are n + 1 (0 is null). */
const byte = (n: number) => Buffer.from([n]);

const partition = (index: number, errorCode: number, highWatermark: bigint, tagged: Buffer[]) =>
  Buffer.concat([
    int32(index),
    int16(errorCode),
    int64(highWatermark), // high watermark
    int64(highWatermark), // last stable offset
    int64(0n), // log start offset
    byte(1), // aborted transactions: an empty compact array
    int32(-1), // preferred read replica: none
    byte(0), // records: null
    byte(tagged.length),
    ...tagged,
  ]);

const currentLeader = Buffer.concat([byte(1), byte(9), int32(1), int32(7), byte(0)]);

const response = Buffer.concat([
  int32(0), // throttle time
  int16(0), // error code
  int32(0), // session id
  byte(2), // one topic
  Buffer.alloc(16, 0xab), // topic id
  byte(3), // two partitions
  partition(0, 6, -1n, [currentLeader]),
  partition(1, 0, 42n, []),
  byte(0), // the topic's tagged fields
  byte(0), // the response's tagged fields
]);

describe('the Kafka client reads tagged fields as the protocol writes them', () => {
  it('reads the partition after one that carries a tagged field (the current leader of a restarted broker)', () => {
    let thrown: unknown;
    try {
      fetchV17.parseResponse(1, 1, 17, Reader.from(response));
    } catch (error) {
      thrown = error;
    }
    // The first partition's error is reported, with the whole response read beside it.
    const parsed = (thrown as { response?: ReturnType<typeof fetchV17.parseResponse> }).response;
    expect(parsed?.responses[0]?.partitions.map((p) => [p.partitionIndex, p.errorCode, p.highWatermark])).toEqual([
      [0, 6, -1n],
      [1, 0, 42n],
    ]);
  });
});

describe('isBrokerAway', () => {
  const { NetworkError, TimeoutError, AuthenticationError, MultipleErrors, ProtocolError } = kafkaClient;
  it('takes a refused or closed connection, a timeout, a retriable protocol error, and a join of those, for the broker away', () => {
    expect(isBrokerAway(new NetworkError('Connection to 127.0.0.1:9092 failed.'))).toBe(true);
    expect(isBrokerAway(new TimeoutError('Request timed out.'))).toBe(true);
    // 15 COORDINATOR_NOT_AVAILABLE: retriable in Kafka's protocol.
    expect(isBrokerAway(new ProtocolError('COORDINATOR_NOT_AVAILABLE'))).toBe(true);
    expect(
      isBrokerAway(new MultipleErrors('joinGroup failed 9 times.', [new NetworkError('Connection closed'), new NetworkError('x')])),
    ).toBe(true);
  });

  it('leaves a refusal, or a join of failures with one refusal among them, to end the attempt', () => {
    expect(isBrokerAway(new AuthenticationError('SASL authentication failed.'))).toBe(false);
    // 29 TOPIC_AUTHORIZATION_FAILED: not retriable in Kafka's protocol.
    expect(isBrokerAway(new ProtocolError('TOPIC_AUTHORIZATION_FAILED'))).toBe(false);
    expect(isBrokerAway(new MultipleErrors('failed', [new NetworkError('x'), new AuthenticationError('no')]))).toBe(false);
    expect(isBrokerAway(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isBrokerAway(undefined)).toBe(false);
  });
});
