import type { billing, landRegistry, ReplyOf } from '@pds/contracts';

/** The operator API of a running stack, as the `admin` command and the tests use it. */
export interface AccountBalance {
  accountId: string;
  plan: string;
  availableCredits: number;
  reservedCredits: number;
  creditsRefreshAt: string | null;
  creditCycle: 'monthly' | 'trial' | 'non_renewing';
  purchaseBalance: { availablePence: number; reservedPence: number; quarantinedPence: number; debtPence: number };
  standing: { held: boolean; orderingEnabled: boolean };
}

/** A resolved quarantined order: the order as its status endpoint shows it, and what the registry said. */
export type OrderResolution = ReplyOf<typeof landRegistry.ResolveQuarantinedOrder>;

/** The balance, with what the account is allowed: what `account show` prints. */
export type AccountDescription = billing.AccountDescription;

/** A key as its owner sees it (never its hash). */
export interface ApiKeyView {
  keyId: string;
  name: string;
  prefix: string;
  createdAt: string;
  status: 'active' | 'rotating' | 'expired' | 'revoked';
  expiresAt: string | null;
  revokedAt: string | null;
  replacedByKeyId: string | null;
  lastUsedAt: string | null;
}

export interface AccountOptions {
  rateLimits?: { perMinute: number; perDay: number; perMonth: number };
  cycle?: 'monthly' | 'trial' | 'non_renewing';
  monthlyCredits?: number;
  purchaseBalancePence?: number;
  orderingEnabled?: boolean;
}

export class AdminClient {
  constructor(
    private readonly adminUrl: string,
    private readonly token: string,
  ) {}

  /** `credits` undefined: a monthly account starts with its allowance. */
  createAccount(plan: string, credits: number | undefined, options: AccountOptions = {}): Promise<AccountBalance & { apiKey: string }> {
    return this.call('POST', '/admin/v1/accounts', { plan, ...(credits === undefined ? {} : { credits }), ...options });
  }

  deposit(accountId: string, pence: number, reference?: string): Promise<AccountBalance> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/deposits`, {
      pence,
      ...(reference ? { reference } : {}),
    });
  }

  recordDebt(accountId: string, pence: number, reason: string): Promise<AccountBalance> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/debts`, { pence, reason });
  }

  setHold(accountId: string, held: boolean, reason: string): Promise<AccountBalance> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/hold`, { held, reason });
  }

  setOrdering(accountId: string, enabled: boolean): Promise<AccountBalance> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/ordering`, { enabled });
  }

  resolveReservation(accountId: string, reservationId: string, outcome: 'capture' | 'release', reason: string): Promise<AccountBalance> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/reservations/${encodeURIComponent(reservationId)}`, {
      outcome,
      reason,
    });
  }

  /** `operator`: who resolves it, recorded on the order's events. */
  resolveOrder(orderId: string, options: { reason?: string; operator?: string } = {}): Promise<OrderResolution> {
    return this.call('POST', `/admin/v1/title-orders/${encodeURIComponent(orderId)}/resolution`, options);
  }

  grantCredits(accountId: string, credits: number): Promise<AccountBalance> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/grants`, { credits });
  }

  /** The account as `GET /api/v1/account` answers its own keys. */
  showAccount(accountId: string): Promise<AccountDescription> {
    return this.call('GET', `/admin/v1/accounts/${encodeURIComponent(accountId)}`);
  }

  listKeys(accountId: string): Promise<{ accountId: string; keys: ApiKeyView[] }> {
    return this.call('GET', `/admin/v1/accounts/${encodeURIComponent(accountId)}/keys`);
  }

  /** A new key; `apiKey` is the only time the key is shown. */
  issueKey(accountId: string, name: string): Promise<{ accountId: string; keyId: string; apiKey: string; name: string }> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/keys`, { name });
  }

  /** A new key in place of `keyId`, which keeps working for `graceMs` (the ledger's default when not given). */
  rotateKey(
    accountId: string,
    keyId: string,
    graceMs?: number,
  ): Promise<{ accountId: string; keyId: string; apiKey: string; replacedKeyId: string; replacedKeyExpiresAt: string }> {
    return this.call('POST', `${this.keyPath(accountId, keyId)}/rotation`, graceMs === undefined ? {} : { graceMs });
  }

  revokeKey(accountId: string, keyId: string, reason?: string): Promise<{ accountId: string; keyId: string; revoked: true }> {
    return this.call('POST', `${this.keyPath(accountId, keyId)}/revocation`, reason ? { reason } : {});
  }

  private keyPath(accountId: string, keyId: string) {
    return `/admin/v1/accounts/${encodeURIComponent(accountId)}/keys/${encodeURIComponent(keyId)}`;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.adminUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json()) as T & { error?: { code: string; message: string } };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.error?.code ?? ''} ${json.error?.message ?? ''}`.trim());
    return json;
  }
}
