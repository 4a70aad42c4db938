// `npm run bench:hops`: where a chargeable call's time goes, hop by hop: in the gateway (the key and the caller's
// admission in PostgreSQL), each Kafka hop (send, broker, fetch), each service's handling and the ledger's append to
// PostgreSQL. The stack exports its spans to a receiver in this process (which costs it some CPU: figures are read
// against each other, not against bench:charging), and each call's stages are read from its trace (hops.ts). The
// same renovation calculator call with 1 credit charged as bench:charging, after a warm-up under load
// (WARMUP_SECONDS, default 60, at 50 connections): first one call at a time (IDLE_CALLS, default 300), then under
// load (CONNECTIONS, default 50, for SECONDS, default 10), each stage's p50 and p90 (idle) or p50 and p99 (load).
import { AdminClient, startOtlpReceiver } from '@pds/infra';
import autocannon from 'autocannon';
import { sleep } from '@pds/service-runtime';
import { oneAtATime } from './one-at-a-time';
import { stageLines, stagesOf, tracesOf, type Stage } from './hops';
import { benchServers, startBenchStack } from './servers';

const log = (line: string) => process.stdout.write(`${line}\n`);
const path = '/api/v1/property/renovation-uplift-calculator';
const query = '?value=250000&floorArea=100&extensionArea=20&renovationUplift=10';
const warmupSeconds = Number(process.env.WARMUP_SECONDS ?? 60);
const idleCalls = Number(process.env.IDLE_CALLS ?? 300);
const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.SECONDS ?? 10);
/** The services' exports have caught up once no span has arrived for this long (they export every 200 ms here). */
const quietMs = 1_000;

/** Waits until the receiver has had no span for `quietMs` (at most a minute): under load the exports fall behind. */
const exportsCaughtUp = async (received: () => number) => {
  const giveUpAt = Date.now() + 60_000;
  let seen = -1;
  while (received() !== seen && Date.now() < giveUpAt) {
    seen = received();
    await sleep(quietMs);
  }
};

const load = (url: string, apiKey: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, headers: { 'x-api-key': apiKey }, connections, duration }, (error, done) =>
      error ? reject(error as Error) : resolve(done),
    );
  });

const main = async () => {
  const servers = await benchServers(log);
  const receiver = await startOtlpReceiver();
  try {
    const stack = await startBenchStack(servers, {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.endpoint}/v1/traces`,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      // Under load, every span of the measured seconds (the default queue of 2,048 drops most of them).
      OTEL_BSP_MAX_QUEUE_SIZE: '200000',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '4096',
    });
    try {
      const account = await new AdminClient(stack.adminUrl, 'bench-token').createAccount('enterprise', 100_000_000, {
        rateLimits: { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 100_000_000 },
        cycle: 'non_renewing',
      });
      const url = `${stack.gatewayUrl}${path}${query}`;
      log(
        `where a chargeable call's time goes (spans exported to this process); ${warmupSeconds} s of warm-up at ${connections} connections`,
      );
      // The warm-up's spans are not kept: only the phases' own. Counted, so that the wait sees them arrive.
      let received = 0;
      const forget = setInterval(() => {
        received += receiver.spans.length;
        receiver.spans.length = 0;
      }, 200);
      await load(url, account.apiKey, warmupSeconds);
      await exportsCaughtUp(() => received + receiver.spans.length);
      clearInterval(forget);

      const phase = async (label: string, run: () => Promise<unknown>, percentiles: number[]) => {
        receiver.spans.length = 0;
        const from = Date.now();
        await run();
        const to = Date.now();
        await exportsCaughtUp(() => receiver.spans.length);
        const traces = tracesOf(receiver.spans, path, from, to);
        const calls = traces.map((t) => stagesOf(t, path)).filter((c): c is Map<Stage, number> => c !== undefined);
        log(`  ${label}: ${calls.length} calls with every span (of ${traces.length} traced)`);
        if (calls.length > 0) for (const line of stageLines(calls, percentiles)) log(`    ${line}`);
      };
      await phase(`one call at a time, ${idleCalls} calls`, () => oneAtATime(url, account.apiKey, idleCalls), [50, 90]);
      await phase(`under load, ${connections} connections for ${seconds} s`, () => load(url, account.apiKey, seconds), [50, 99]);
    } finally {
      await stack.stop();
    }
  } finally {
    await receiver.stop();
    await servers.stop();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
