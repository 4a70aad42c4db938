import type { AccountOptions } from '@pds/infra';
import { expectCharged } from './charging';
import type { ApiAnswer, TestStack } from './stack';

// A caller of the API: an account the operator API opened and funded, and its key.

export interface CallerOptions extends AccountOptions {
  credits: number;
  /** Enterprise unless said. */
  plan?: string;
}

/** Limits no test reaches, so that only what a test is about ever refuses its calls. */
const unreachableRateLimits = { perMinute: 1_000, perDay: 100_000, perMonth: 1_000_000 };

interface Calls {
  /** Any API call as this caller (`path` under /api/v1): a JSON body is sent as JSON. */
  send: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiAnswer>;
  /** A GET, its query in `path` or given as `query`. */
  get: (path: string, query?: Record<string, string>) => Promise<ApiAnswer>;
}

export interface Caller extends Calls {
  apiKey: string;
  accountId: string;
  /** Available credits, as the operator API shows them. */
  balance: () => Promise<number>;
  /** The same calls, each checked to have charged `credits` (expectCharged against the balance before it, and the balance after it). */
  paying: (credits: number) => Calls;
}

/**
 * An account of `credits` that does not renew (Enterprise, with limits no test reaches, unless `options` say
 * otherwise), and its key. Custom rate limits are for Enterprise accounts only: another plan keeps its own.
 */
export const fundedCaller = async (t: TestStack, { plan = 'enterprise', credits, ...options }: CallerOptions): Promise<Caller> => {
  const rateLimits = plan === 'enterprise' ? { rateLimits: unreachableRateLimits } : {};
  const { apiKey, accountId } = await t.admin.createAccount(plan, credits, { cycle: 'non_renewing', ...rateLimits, ...options });
  const balance = async () => (await t.admin.showAccount(accountId)).availableCredits;
  const calls: Calls = {
    send: (method, path, body, headers) => t.send(method, path, apiKey, body, headers),
    get: (path, query) => t.send('GET', query ? `${path}?${new URLSearchParams(query)}` : path, apiKey),
  };
  const paying = (credits: number): Calls => {
    const checked = async (call: () => Promise<ApiAnswer>) => {
      const before = await balance();
      const answer = await call();
      expectCharged(answer, { credits, balanceAfter: before - credits });
      expect(await balance()).toBe(before - credits);
      return answer;
    };
    return {
      send: (method, path, body, headers) => checked(() => calls.send(method, path, body, headers)),
      get: (path, query) => checked(() => calls.get(path, query)),
    };
  };
  return { apiKey, accountId, balance, paying, ...calls };
};
