import { webhooks } from '@pds/contracts';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

// Where a delivery may go, checked when a webhook is registered and again before every attempt (a name may come to
// resolve elsewhere). The attempt then connects to the address checked here, not to the name resolved again, so a
// name that answers a public address to the check and a private one to the connection (DNS rebinding) gets nowhere.

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** The system's resolver, every address of the name, in the order it gives them. */
export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export type VettedTarget = { ok: true; url: URL; address: ResolvedAddress } | { ok: false; reason: string };

const isLoopback = (address: string) =>
  webhooks.addressProblem(address, { allowLoopback: false }) !== null && webhooks.addressProblem(address, { allowLoopback: true }) === null;

/** The URL, and the one address an attempt is to connect to; or why it may not be delivered to. */
export const vetTarget = async (text: string, policy: webhooks.TargetPolicy, resolve: Resolver): Promise<VettedTarget> => {
  const problem = webhooks.targetUrlProblem(text, policy);
  if (problem) return { ok: false, reason: problem };
  const url = new URL(text);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { ok: false, reason: `${host} does not resolve to any address` };
  }
  // Every address must pass, not just the first: a client connecting by name could be handed any of them.
  for (const { address } of addresses) {
    const refused = webhooks.addressProblem(address, policy);
    if (refused) return { ok: false, reason: `${host} resolves to ${address}: ${refused.replace(`${address} is `, '')}` };
    if (url.protocol === 'http:' && !isLoopback(address)) return { ok: false, reason: 'the URL must be https' };
  }
  return { ok: true, url, address: addresses[0] as ResolvedAddress };
};
