import { createServer, type Server } from 'node:https';
import { makeTestCa, type TestCa } from '../../../../test/support/test-ca';
import { postDelivery } from './post-delivery';

// A delivery over TLS to a receiver whose certificate a CA of its own signed (WEBHOOK_CA_FILE): the connection goes to
// the address the guard checked, while TLS checks the certificate against the URL's name, not the address. Here a
// test CA (openssl) signs a certificate for hooks.example.test; the name resolves nowhere, and the attempt is pinned to
// 127.0.0.1, where the receiver listens.

let ca: TestCa;
let server: Server;
let port = 0;
const seen: Array<{ host?: string; servername?: string }> = [];

beforeAll(async () => {
  ca = makeTestCa('webhook-tls-', 'Receiver Test CA');
  const certificate = ca.sign('receiver', '/CN=hooks.example.test', 'subjectAltName=DNS:hooks.example.test\n');
  server = createServer(certificate, (req, res) => {
    seen.push({ host: req.headers.host, servername: (req.socket as { servername?: string }).servername });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
}, 60_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (host: string, extraCa?: Buffer) =>
  postDelivery({
    url: new URL(`https://${host}:${port}/hooks`),
    address: { address: '127.0.0.1', family: 4 },
    headers: { 'content-type': 'application/json' },
    body: '{"id":"evt_test"}',
    timeoutMs: 5_000,
    ...(extraCa ? { extraCa } : {}),
  });

describe('a delivery over TLS', () => {
  it('reaches the checked address, trusting the receiver through the CA given, its name sent as Host and SNI', async () => {
    expect(await post('hooks.example.test', ca.cert)).toEqual({ statusCode: 204 });
    expect(seen.at(-1)).toEqual({ host: `hooks.example.test:${port}`, servername: 'hooks.example.test' });
  });

  it('refuses a certificate no trusted CA signed, and one for another name', async () => {
    expect(await post('hooks.example.test')).toEqual({ error: expect.stringMatching(/certificate|self.signed|issuer/i) });
    expect(await post('other.example.test', ca.cert)).toEqual({ error: expect.stringMatching(/altnames|hostname|does not match/i) });
  });
});
