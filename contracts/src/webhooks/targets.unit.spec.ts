import { addressProblem, targetUrlProblem } from './targets';

// Webhook targets: https to a public address only, unless loopback is allowed (the demo and the tests).

const strict = { allowLoopback: false };
const local = { allowLoopback: true };

describe('a webhook target URL', () => {
  it('may be https to a public name or address', () => {
    expect(targetUrlProblem('https://hooks.example.com/pds', strict)).toBeNull();
    expect(targetUrlProblem('https://203.0.113.10:8443/in', strict)).toBeNull();
    expect(targetUrlProblem('https://[2001:db8::1]/in', strict)).toBeNull();
  });

  it('may not be plain http, carry credentials, or be no URL at all', () => {
    expect(targetUrlProblem('http://hooks.example.com/pds', strict)).toBe('the URL must be https');
    expect(targetUrlProblem('https://user:pw@hooks.example.com/', strict)).toMatch(/credentials/);
    expect(targetUrlProblem('hooks.example.com/pds', strict)).toBe('not an absolute URL');
    expect(targetUrlProblem('ftp://hooks.example.com/', strict)).toBe('the URL must be https');
  });

  it('may not name a private, loopback or link-local address, nor localhost', () => {
    for (const url of [
      'https://10.1.2.3/',
      'https://192.168.0.10/',
      'https://172.20.0.1/',
      'https://127.0.0.1/',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
    ]) {
      expect({ url, problem: targetUrlProblem(url, strict) }).toEqual({ url, problem: expect.stringMatching(/address|loopback/) });
    }
    expect(targetUrlProblem('https://localhost/', strict)).toMatch(/loopback/);
  });

  it('may be loopback, over http too, where the setting allows it; other private addresses still may not', () => {
    expect(targetUrlProblem('http://127.0.0.1:9911/hooks', local)).toBeNull();
    expect(targetUrlProblem('http://localhost:9911/hooks', local)).toBeNull();
    expect(targetUrlProblem('https://[::1]:9911/hooks', local)).toBeNull();
    expect(targetUrlProblem('http://10.0.0.5/hooks', local)).toBe('the URL must be https');
    expect(targetUrlProblem('https://10.0.0.5/hooks', local)).toMatch(/private/);
  });
});

describe('a resolved address', () => {
  it('is refused when special, as the name resolves at delivery time', () => {
    expect(addressProblem('93.184.216.34', strict)).toBeNull();
    expect(addressProblem('100.64.1.1', strict)).toMatch(/private/);
    expect(addressProblem('0.0.0.0', strict)).toMatch(/private/);
    expect(addressProblem('127.0.0.1', local)).toBeNull();
    expect(addressProblem('not-an-ip', strict)).toMatch(/not an IP/);
  });

  it('is the IPv4 address an IPv4-mapped IPv6 address carries, in either form', () => {
    expect(addressProblem('::ffff:93.184.216.34', strict)).toBeNull();
    expect(addressProblem('::ffff:5db8:d822', strict)).toBeNull(); // 93.184.216.34
    expect(addressProblem('::ffff:7f00:1', strict)).toMatch(/private/); // 127.0.0.1
    expect(targetUrlProblem('https://[::ffff:10.0.0.1]/', strict)).toMatch(/private/);
  });
});
