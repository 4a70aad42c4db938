// Calls to the live upstreams behind Location Intelligence (the police.uk API, the BGS and Coal Authority map
// services): every call of one answer shares one deadline, the answer's time budget, and each attempt has its own
// timeout within it. A failed attempt is tried again, at most `maxAttempts` in all and never past the deadline, when
// that can help: no answer, a 5xx, or a 429 (after its Retry-After, or the pause). Anything else is a failure at once.

export type UpstreamFailureKind = 'timeout' | 'unreachable' | 'server_error' | 'rate_limited' | 'refused' | 'malformed';

/** Why an upstream gave no usable answer. */
export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
    options: { retryable?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export interface AttemptPolicy {
  /** Longest wait for one answer. */
  attemptTimeoutMs: number;
  maxAttempts: number;
  /** Pause before trying again after no answer or a 5xx; doubled each time. */
  retryPauseMs: number;
}

export interface HttpDeps {
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface UpstreamRequest {
  url: string;
  init?: RequestInit;
  /** The statuses that are answers (the caller reads them); default 200 only. */
  answers?: readonly number[];
  /** Statuses that are a refusal of this very request, not worth trying again (police.uk's 503 for too many crimes). */
  refusals?: readonly number[];
}

const retryAfterMsOf = (header: string | null, nowMs: number): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const t = header.trim();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const at = Date.parse(t);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
};

export class UpstreamHttp {
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly policy: AttemptPolicy,
    deps: HttpDeps = {},
  ) {
    this.fetch = deps.fetch ?? fetch;
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** One request, tried again as the rules above allow; resolves with an answer status and its text. */
  async request(request: UpstreamRequest, deadlineMs: number): Promise<{ status: number; text: string; contentType: string }> {
    let pauseMs = this.policy.retryPauseMs;
    let last = new UpstreamFailure('timeout', 'no time left to ask');
    for (let attempt = 1; attempt <= this.policy.maxAttempts; attempt++) {
      const leftMs = deadlineMs - this.now();
      if (leftMs <= 0) break;
      const outcome = await this.attempt(request, Math.min(this.policy.attemptTimeoutMs, leftMs));
      if (!(outcome instanceof UpstreamFailure)) return outcome;
      last = outcome;
      if (!outcome.retryable || attempt === this.policy.maxAttempts) break;
      const waitMs = outcome.retryAfterMs ?? pauseMs;
      if (this.now() + waitMs >= deadlineMs) break;
      await this.sleep(waitMs);
      pauseMs *= 2;
    }
    throw last;
  }

  private async attempt(request: UpstreamRequest, timeoutMs: number) {
    let res: Response;
    let text: string;
    try {
      res = await this.fetch(request.url, { ...request.init, signal: AbortSignal.timeout(timeoutMs) });
      // Read inside the try: a body that stops arriving is no answer too.
      text = await res.text();
    } catch (error) {
      const e = error as { name?: string; message?: string; cause?: { code?: string } };
      const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
      return new UpstreamFailure(
        timedOut ? 'timeout' : 'unreachable',
        timedOut ? `no answer within ${timeoutMs} ms` : `no answer: ${e.cause?.code ?? e.message ?? String(error)}`,
        { retryable: true },
      );
    }
    const status = res.status;
    if ((request.answers ?? [200]).includes(status)) return { status, text, contentType: res.headers.get('content-type') ?? '' };
    const said = text.trim().slice(0, 160);
    if (request.refusals?.includes(status)) return new UpstreamFailure('refused', `HTTP ${status}: ${said}`);
    if (status === 429) {
      const retryAfterMs = retryAfterMsOf(res.headers.get('retry-after'), this.now());
      return new UpstreamFailure('rate_limited', `HTTP 429, rate limited`, { retryable: true, retryAfterMs });
    }
    if (status >= 500) return new UpstreamFailure('server_error', `HTTP ${status}: ${said}`, { retryable: true });
    return new UpstreamFailure('refused', `HTTP ${status}: ${said}`);
  }
}

/** JSON text as a value, or a `malformed` failure naming what came instead. */
export const jsonOf = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UpstreamFailure('malformed', `${what}: an answer that is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
};
