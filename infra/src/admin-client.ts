/** The operator API of a running stack, as the `admin` command and the tests use it. */
export interface AccountBalance {
  accountId: string;
  plan: string;
  availableCredits: number;
  reservedCredits: number;
  creditsRefreshAt: string | null;
}

export class AdminClient {
  constructor(
    private readonly adminUrl: string,
    private readonly token: string,
  ) {}

  createAccount(
    plan: string,
    credits: number,
    rateLimits?: { perMinute: number; perDay: number; perMonth: number },
  ): Promise<AccountBalance & { apiKey: string }> {
    return this.call('POST', '/admin/v1/accounts', { plan, credits, ...(rateLimits ? { rateLimits } : {}) });
  }

  grantCredits(accountId: string, credits: number): Promise<AccountBalance> {
    return this.call('POST', `/admin/v1/accounts/${encodeURIComponent(accountId)}/grants`, { credits });
  }

  showAccount(accountId: string): Promise<AccountBalance> {
    return this.call('GET', `/admin/v1/accounts/${encodeURIComponent(accountId)}`);
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
