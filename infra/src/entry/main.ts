import { lookup } from 'node:dns/promises';
import { RoundRobinProxy } from './round-robin-proxy';

// The one entry point of several gateways in containers (`docker compose up --scale gateway=N`): a published port
// cannot be shared by replicas, so this process publishes them and sends each request to the next gateway in turn.
// ENTRY_UPSTREAM names the gateways (`gateway`, which Docker's DNS answers with every replica's address), and
// ENTRY_PORTS the ports served, each sent on to the same port of a gateway (8080 the API, 8081 the operator API). The
// name is resolved again every ENTRY_RESOLVE_MS (2 s), so replicas added or removed join or leave the rotation; one
// that died meanwhile refuses its connections, and the request goes to the next.

const host = process.env.ENTRY_UPSTREAM ?? 'gateway';
const ports = (process.env.ENTRY_PORTS ?? '8080,8081').split(',').map(Number);
const resolveMs = Number(process.env.ENTRY_RESOLVE_MS ?? 2_000);
if (ports.some((p) => !Number.isInteger(p) || p <= 0 || p > 65_535) || !(resolveMs > 0)) {
  throw new Error('ENTRY_PORTS must be ports (e.g. 8080,8081) and ENTRY_RESOLVE_MS a positive number of milliseconds');
}

const log = (message: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), name: 'entry', msg: message, ...fields })}\n`);

const main = async () => {
  const proxies = await Promise.all(ports.map((port) => RoundRobinProxy.start([], port, '0.0.0.0')));
  let known = '';
  const resolve = async () => {
    const addresses = await lookup(host, { all: true }).then(
      (found) => found.map((a) => (a.family === 6 ? `[${a.address}]` : a.address)).sort(),
      () => [] as string[],
    );
    proxies.forEach((proxy, i) => proxy.replace(addresses.map((a) => `http://${a}:${ports[i]}`)));
    if (addresses.join(',') !== known) log('gateways', { host, addresses });
    known = addresses.join(',');
  };
  await resolve();
  setInterval(() => void resolve(), resolveMs);
  log('listening', { ports });
  const stop = () => void Promise.all(proxies.map((p) => p.stop())).then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
};

void main().catch((error: unknown) => {
  log('failed to start', { error: String(error) });
  process.exit(1);
});
