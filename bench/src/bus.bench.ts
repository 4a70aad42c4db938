// `npm run bench:bus`: one Kafka round trip of the bus alone, the unit the charging path pays three times per call.
// A requester and a command host (answering Ping) in this process, over a broker of its own: an idle round trip's p50
// (sequential pings), then CONCURRENCY (default 50) requesters in a loop for SECONDS (default 10): round trips per
// second, p50/p99 and the CPU per round trip of this process and of Kafka.
import { launchKafka } from '@pds/infra';
import { Ping, topicsFor } from '@pds/contracts';
import { createLogger, KafkaBus, RequestReplyClient, serveCommands } from '@pds/service-runtime';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usageByGroup, usagePerCall, type Group } from './process-cpu';
import { percentile } from './servers';

const log = (line: string) => process.stdout.write(`${line}\n`);
const concurrency = Number(process.env.CONCURRENCY ?? 50);
const seconds = Number(process.env.SECONDS ?? 10);
const idleRoundTrips = 300;
const port = Number(process.env.BENCH_KAFKA_PORT ?? 29_300);

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pds-bench-bus-'));
  // BENCH_KAFKA_BROKERS: a broker already running (and warmed up) instead of one of its own.
  const given = process.env.BENCH_KAFKA_BROKERS;
  const kafka = given
    ? { brokers: given, stop: async () => undefined }
    : await launchKafka(join(dir, 'kafka'), port, join(dir, 'kafka.log'));
  const logger = createLogger('bench-bus', 'warn');
  const topics = topicsFor(`bench${Date.now()}`);
  const serverBus = new KafkaBus([kafka.brokers], 'bench-server', logger);
  const clientBus = new KafkaBus([kafka.brokers], 'bench-client', logger);
  try {
    await Promise.all([serverBus.connect(), clientBus.connect()]);
    await serverBus.ensureTopics([topics.commands('analysis')], 4);
    const served = await serveCommands({ bus: serverBus, topics, service: 'analysis', logger, handlers: [] });
    const client = new RequestReplyClient(clientBus, topics, `bench-${process.pid}`, logger);
    await client.start();
    const ctx = { correlationId: 'bench', actor: 'bench' };
    let key = 0;
    const roundTrip = async () => {
      const began = process.hrtime.bigint();
      const reply = await client.request(Ping, topics.commands('analysis'), String(key++), {}, ctx, { timeoutMs: 10_000 });
      if (!reply.ok) throw new Error(`ping refused: ${reply.error.code}`);
      return Number(process.hrtime.bigint() - began) / 1e6;
    };
    for (let i = 0; i < 50; i++) await roundTrip(); // warm-up: the group's first fetches, JIT

    const idle: number[] = [];
    for (let i = 0; i < idleRoundTrips; i++) idle.push(await roundTrip());
    idle.sort((a, b) => a - b);
    log(
      `idle round trip (one at a time, ${idleRoundTrips}): p50 ${percentile(idle, 50).toFixed(2)} ms, p99 ${percentile(idle, 99).toFixed(2)} ms`,
    );

    const groups: Group[] = [
      { name: 'node (both ends)', pid: process.pid },
      { name: 'kafka', cmdlineIncludes: 'kafka.Kafka' },
    ];
    const before = usageByGroup(groups);
    const latencies: number[] = [];
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < until) latencies.push(await roundTrip());
      }),
    );
    const cpu = usagePerCall(before, usageByGroup(groups), latencies.length);
    latencies.sort((a, b) => a - b);
    log(
      `${concurrency} at once for ${seconds} s: ${(latencies.length / seconds).toFixed(0)} round trips/s, ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    log(`  CPU ms per round trip: ${cpu.map(({ name, msPerCall }) => `${name} ${msPerCall.toFixed(2)}`).join(', ')}`);
    await served.stop();
    await client.stop();
  } finally {
    await Promise.allSettled([serverBus.disconnect(), clientBus.disconnect()]);
    await kafka.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
