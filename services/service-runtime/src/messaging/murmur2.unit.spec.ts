import fc from 'fast-check';
import { kafkaClient } from './kafka-client';
import { keyPartitionHash, murmur2 } from './murmur2';

const hash = (text: string) => murmur2(Buffer.from(text, 'utf8'));

describe('murmur2', () => {
  // Apache Kafka's own vectors for Utils.murmur2 (clients/src/test/java/org/apache/kafka/common/utils/UtilsTest.java).
  it.each([
    ['21', -973932308],
    ['foobar', -790332482],
    ['a-little-bit-long-string', -985981536],
    ['a-little-bit-longer-string', -1486304829],
    ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
    ['abc', 479470107],
  ])('hashes %s as the Java client does', (text, expected) => {
    expect(hash(text)).toBe(expected);
  });

  // Lengths 1 to 5 (no whole word, each length of tail, one word and a tail of one), as Kafka's murmur2 gives them.
  it.each([
    ['1', -1993445489],
    ['12', 126087238],
    ['123', -267702483],
    ['1234', -1614185708],
    ['12345', -1188365604],
  ])('hashes %s (every length of tail) as the Java client does', (text, expected) => {
    expect(hash(text)).toBe(expected);
  });

  it('gives the partition the Kafka client itself would, for any key bytes', () => {
    // The client's BigInt port, which the bus used before: the same partition for every key, so no key moves.
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const key = Buffer.from(bytes);
        expect(keyPartitionHash(key)).toBe(kafkaClient.compatibilityPartitioner({ topic: 't' }, key));
      }),
      { numRuns: 2_000 },
    );
  });
});
