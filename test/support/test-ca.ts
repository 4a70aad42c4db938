import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A certificate authority made for a test with openssl, and certificates it signs: for TLS tested against a server of
// the test's own (the registry's mutual TLS, a webhook receiver's certificate), with nothing real trusted or needed.

export interface TestCa {
  dir: string;
  /** The CA's certificate (PEM). */
  cert: Buffer;
  /** A key and a certificate signed by the CA, with the given subject and extensions (e.g. `subjectAltName=...`). */
  sign(name: string, subject: string, extensions: string): { key: Buffer; cert: Buffer };
}

export const makeTestCa = (prefix: string, commonName: string): TestCa => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
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
    `/CN=${commonName}`,
  );
  return {
    dir,
    cert: readFileSync(join(dir, 'ca.crt')),
    sign: (name, subject, extensions) => {
      openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
      writeFileSync(join(dir, `${name}.ext`), extensions);
      const signing = ['-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2'];
      openssl('x509', '-req', '-in', `${name}.csr`, ...signing, '-out', `${name}.crt`, '-extfile', `${name}.ext`);
      return { key: readFileSync(join(dir, `${name}.key`)), cert: readFileSync(join(dir, `${name}.crt`)) };
    },
  };
};
