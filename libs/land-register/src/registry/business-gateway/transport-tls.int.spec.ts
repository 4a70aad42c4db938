import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { BusinessGatewayTransport } from './transport';

// Mutual TLS as Business Gateway requires it: the transport presents the client certificate HM Land Registry issued
// and checks the registry's certificate against HM Land Registry's CA. Here a CA made for the test (openssl) signs a
// server certificate for 127.0.0.1 and a client certificate; an HTTPS server asks for the client's and answers with
// the subject it saw.

let dir: string;
let server: Server;
let root: string;

const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A key and a certificate signed by the test CA. */
const signed = (name: string, subject: string, extensions: string) => {
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
  writeFileSync(join(dir, `${name}.ext`), extensions);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    `${name}.crt`,
    '-extfile',
    `${name}.ext`,
  );
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bg-tls-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=Test Registry CA',
  );
  signed('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\n');
  signed('client', '/CN=Property Data Service/O=Test Conveyancers', 'extendedKeyUsage=clientAuth\n');
  server = createServer(
    {
      key: readFileSync(join(dir, 'server.key')),
      cert: readFileSync(join(dir, 'server.crt')),
      ca: readFileSync(join(dir, 'ca.crt')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ client: peer.subject?.CN, authorization: req.headers.authorization }));
    },
  );
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
