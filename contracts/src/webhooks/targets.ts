import { BlockList, isIP } from 'node:net';

// Where a webhook may be delivered: an `https` URL whose host is a public address. A private, loopback, link-local
// or otherwise special address is refused, when the endpoint is registered (a literal address) and again when each
// delivery is sent (the name as it resolves then), so that a name that later resolves inward reaches nothing inside
// the service's network. A setting allows loopback targets (`npm start` and the tests receive webhooks locally).

/** Addresses no delivery goes to: RFC 1918 and 6598 private ranges, loopback, link-local, unspecified, multicast, reserved, and their IPv6 kin. */
const special = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  special.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  special.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const mappedIpv4 = (address: string): string | undefined => {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};

export interface TargetPolicy {
  /** Loopback targets allowed, over http too (a local receiver in the demo and the tests). */
  allowLoopback: boolean;
}

/** Why a resolved address may not be delivered to, or null when it may. */
export const addressProblem = (address: string, policy: TargetPolicy): string | null => {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d, or ::ffff:7f00:1 as URLs write it) is that IPv4 address.
  const mapped = family === 6 ? mappedIpv4(address) : undefined;
  if (mapped) return addressProblem(mapped, policy) === null ? null : `${address} is a private, loopback, link-local or reserved address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowLoopback && loopback.check(address, type)) return null;
  return special.check(address, type) ? `${address} is a private, loopback, link-local or reserved address` : null;
};

/** Why a URL may not be a webhook's target, or null when it may; a host name is checked again once resolved, at delivery. */
export const targetUrlProblem = (text: string, policy: TargetPolicy): string | null => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not an absolute URL';
  }
  if (url.username || url.password) return 'a URL with credentials in it is not accepted: put them in the receiver instead';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const localName = host === 'localhost' || host.endsWith('.localhost');
  // A loopback address or name where the setting allows them: then plain http is allowed too.
  const local =
    policy.allowLoopback &&
    ((literal && addressProblem(host, { allowLoopback: false }) !== null && addressProblem(host, policy) === null) || localName);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return 'the URL must be https';
  if (localName && !policy.allowLoopback) return `${host} is a loopback name`;
  return literal ? addressProblem(host, policy) : null;
};
