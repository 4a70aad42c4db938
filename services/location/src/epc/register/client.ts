import { epcRegisterApi } from '@pds/contracts';
import { parseCertificateResponse, parseSearchResponse, RegisterFailure } from './responses';

// The live register: MHCLG's "Get energy performance of buildings data" API (see contracts/src/epc/register-api.ts for
// the documentation it follows). Every call of one lookup shares one deadline (the lookup's time budget); each attempt
// has its own timeout within it. A failed attempt is tried again, at most `maxAttempts` in all and never past the
// deadline, when trying again can help: no answer, a 5xx, or 429 with a Retry-After that ends before the deadline. A
// refused token, a refused query or an unreadable answer is not tried again.

export interface RegisterClientOptions {
  /** The API root, e.g. https://api.get-energy-performance-data.communities.gov.uk (EPC_API_URL). */
  baseUrl: string;
  /** The bearer token of our account at the register (EPC_API_TOKEN). */
  token: string;
  /** Longest wait for one answer (EPC_API_TIMEOUT_MS, default 2000). */
  attemptTimeoutMs: number;
  maxAttempts: number;
  /** Pause before trying again after no answer or a 5xx; doubled each time. */
  retryPauseMs: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** At most this many pages of a search are read: 10,000 certificates of one postcode or UPRN. */
const maxSearchPages = 2;

type Query = { uprn: string } | { postcode: string };

export class EpcRegisterClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: RegisterClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Every domestic certificate of a UPRN or a postcode; none is an empty list (the register's 404). */
  async searchDomestic(query: Query, deadlineMs: number): Promise<epcRegisterApi.RegisterSearchRow[]> {
    const rows: epcRegisterApi.RegisterSearchRow[] = [];
    for (let page = 1; page <= maxSearchPages; page++) {
      const params = new URLSearchParams({
        ...('uprn' in query ? { uprn: query.uprn } : { postcode: query.postcode }),
        current_page: String(page),
        page_size: String(epcRegisterApi.registerMaxPageSize),
      });
      const answer = await this.get(`${epcRegisterApi.registerApiPaths.domesticSearch}?${params}`, deadlineMs);
      const body = parseSearchResponse(answer.status, answer.text);
      rows.push(...body.data);
      if (body.pagination.nextPage === null || body.pagination.currentPage >= body.pagination.totalPages) return rows;
    }
    return rows;
  }

  /** A certificate's document, or null when the register has no such certificate. */
  async certificate(certificateNumber: string, deadlineMs: number): Promise<epcRegisterApi.RegisterCertificateDocument | null> {
    const params = new URLSearchParams({ certificate_number: certificateNumber });
    const answer = await this.get(`${epcRegisterApi.registerApiPaths.certificate}?${params}`, deadlineMs);
    return parseCertificateResponse(answer.status, answer.text);
  }

  /** One GET, tried again as the rules above allow; resolves with a status the caller reads (200 or 404). */
  private async get(path: string, deadlineMs: number): Promise<{ status: number; text: string }> {
    let pauseMs = this.options.retryPauseMs;
    let last: RegisterFailure = new RegisterFailure('timeout', 'no time left to ask the register');
    for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
      const leftMs = deadlineMs - this.now();
      if (leftMs <= 0) break;
      const outcome = await this.attempt(path, Math.min(this.options.attemptTimeoutMs, leftMs));
      if (!(outcome instanceof RegisterFailure)) return outcome;
      last = outcome;
      if (!outcome.retryable || attempt === this.options.maxAttempts) break;
      const waitMs = outcome.retryAfterMs ?? pauseMs;
      if (this.now() + waitMs >= deadlineMs) break;
      await this.sleep(waitMs);
      pauseMs *= 2;
    }
    throw last;
  }

  private async attempt(path: string, timeoutMs: number): Promise<{ status: number; text: string } | RegisterFailure> {
    let res: Response;
    let text: string;
    try {
      res = await this.fetch(`${this.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${this.options.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Read inside the try: a body that stops arriving is no answer too.
      text = await res.text();
    } catch (error) {
      const e = error as { name?: string; message?: string; cause?: { code?: string } };
      const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
      return new RegisterFailure(
        timedOut ? 'timeout' : 'unreachable',
        timedOut ? `no answer within ${timeoutMs} ms` : `no answer: ${e.cause?.code ?? e.message ?? String(error)}`,
        { retryable: true },
      );
    }
    if (res.status === 200 || res.status === 404) return { status: res.status, text };
    return RegisterFailure.ofStatus(res.status, text, res.headers.get('retry-after'), this.now());
  }
}
