import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postDelivery } from './post-delivery';

// The POST goes to the address the guard checked, never to the name resolved again: a name no resolver knows reaches
// a loopback server here only because the address is pinned, and the server sees the name as the Host.

let server: Server;
let port: number;
const seen: Array<{ host: string | undefined; body: string }> = [];
let answer = (res: import('node:http').ServerResponse) => void res.writeHead(204).end();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (timeoutMs = 2_000) =>
  postDelivery({
    url: new URL(`http://receiver.invalid:${port}/in`),
    address: { address: '127.0.0.1', family: 4 },
    headers: { 'content-type': 'application/json' },
    body: '{"id":"evt_1"}',
    timeoutMs,
  });

describe('posting a delivery', () => {
  it('connects to the pinned address with the name as Host, and reports the status', async () => {
    expect(await post()).toEqual({ statusCode: 204 });
    expect(seen.at(-1)).toEqual({ host: `receiver.invalid:${port}`, body: '{"id":"evt_1"}' });
  });

  it('takes a redirect as the answer it is, without following it', async () => {
    answer = (res) => void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    expect(await post()).toEqual({ statusCode: 302 });
  });

  it('gives up after its timeout', async () => {
    answer = (res) => void setTimeout(() => res.writeHead(200).end(), 1_000);
    expect(await post(200)).toEqual({ error: 'no answer within 200 ms' });
  });
});
