/**
 * Kafka's murmur2 (`org.apache.kafka.common.utils.Utils.murmur2`), which the Java client hashes a record's key with to
 * choose its partition. In 32-bit integer arithmetic: the Kafka client's own port computes it in BigInt, allocating
 * a few dozen BigInts for every key, on every message every service sends.
 */
const m = 0x5bd1e995;
const seed = 0x9747b28c;

export const murmur2 = (data: Buffer): number => {
  const length = data.length;
  const whole = length & ~3;
  let h = seed ^ length;
  for (let i = 0; i < whole; i += 4) {
    let k = data.readInt32LE(i);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
  }
  // The last one to three bytes, as the Java switch's fall-through takes them.
  const rest = length & 3;
  if (rest > 0) {
    if (rest === 3) h ^= data.readUInt8(whole + 2) << 16;
    if (rest >= 2) h ^= data.readUInt8(whole + 1) << 8;
    h ^= data.readUInt8(whole);
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h | 0;
};

/** The Java client's partition for a key, before the modulo by the partition count: the hash made non-negative. */
export const keyPartitionHash = (key: Buffer): number => murmur2(key) & 0x7fffffff;
