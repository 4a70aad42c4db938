import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { makeTestCa } from '../../../../../test/support/test-ca';
import { BusinessGatewayTransport } from './transport';

// Mutual TLS as Business Gateway requires it: the transport presents the client certificate HM Land Registry issued
// and checks the registry's certificate against HM Land Registry's CA. Here a CA made for the test (openssl) signs a
// server certificate for 127.0.0.1 and a client certificate; an HTTPS server asks for the client's and answers with
// the subject it saw.

let dir: string;
let server: Server;
let root: string;

beforeAll(async () => {
  const ca = makeTestCa('bg-tls-', 'Test Registry CA');
  dir = ca.dir;
  const serverCertificate = ca.sign('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\n');
  ca.sign('client', '/CN=Property Data Service/O=Test Conveyancers', 'extendedKeyUsage=clientAuth\n');
  server = createServer({ ...serverCertificate, ca: ca.cert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ client: peer.subject?.CN, authorization: req.headers.authorization }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 60_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const transport = (tls?: { certFile: string; keyFile: string; caFile?: string }) =>
  new BusinessGatewayTransport({
    environment: 'test',
    rootUrl: root,
    credentials: { username: 'BGUser001', password: 'landreg001' },
    tls,
    timeoutMs: 5_000,
  });

describe('the transport over mutual TLS', () => {
  it('presents the client certificate, trusts the registry through its CA, and sends basic authentication', async () => {
    const answer = await transport({
      certFile: join(dir, 'client.crt'),
      keyFile: join(dir, 'client.key'),
      caFile: join(dir, 'ca.crt'),
    }).rest('v2', '/anything');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      client: 'Property Data Service',
      authorization: `Basic ${Buffer.from('BGUser001:landreg001').toString('base64')}`,
    });
  });

  it('refuses a registry whose certificate the given CA did not sign, and reaches nothing without the client certificate', async () => {
    await expect(
      transport({ certFile: join(dir, 'client.crt'), keyFile: join(dir, 'client.key') }).rest('v2', '/anything'),
    ).rejects.toThrow(/no answer/);
    await expect(transport().rest('v2', '/anything')).rejects.toThrow(/no answer/);
  });
});
