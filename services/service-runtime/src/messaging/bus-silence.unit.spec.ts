import { createServer, type Server, type Socket } from 'node:net';
import { createLogger } from '../observability/logger';
import { KafkaBus } from './bus';

// A send the client never settles holds every send after it (one request is in flight at a time), so the process's
// deaf watchdog (deaf-watchdog.ts) must count it: here against a "broker" that accepts connections and answers nothing.

let server: Server;
const sockets = new Set<Socket>();
let port: number;

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume(); // reads every request, answers none
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a bus whose send is not answered', () => {
  it('counts as silent from the start of a send for as long as it waits', async () => {
    const bus = new KafkaBus([`127.0.0.1:${port}`], 'silence-test', createLogger('silence-test', 'silent'));
    // Not awaited: the metadata request it makes is not answered either; the producer exists once it is called.
    const connecting = bus.connect().catch(() => undefined);
    expect(bus.silentForMs()).toBe(0);
    const sent = bus.publish('a-topic', [{ value: { n: 1 } }]).then(
      () => 'sent',
      () => 'failed',
    );
    await sleep(1_200);
    const whileWaiting = bus.silentForMs();
    expect(whileWaiting).toBeGreaterThanOrEqual(1_100);
    expect(whileWaiting).toBeLessThan(5_000);
    await bus.disconnect();
    // Closing the client ends the send (failed); a failed send counts from its failure until one succeeds.
    expect(await sent).toBe('failed');
    await connecting;
  }, 20_000);
});
