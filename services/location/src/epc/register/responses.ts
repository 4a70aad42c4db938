import { epcRegisterApi } from '@pds/contracts';

// The register's answers as it documents them (contracts/src/epc/register-api.ts), read strictly enough that an
// answer which is not one of them is a failure of the register, never an empty result.

export type RegisterFailureKind = 'timeout' | 'unreachable' | 'server_error' | 'rate_limited' | 'unauthorized' | 'refused' | 'malformed';

/** Why the register gave no usable answer. */
export class RegisterFailure extends Error {
  override readonly name = 'RegisterFailure';
  readonly retryable: boolean;
  /** From a 429's Retry-After. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly kind: RegisterFailureKind,
    message: string,
    options: { retryable?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** The failure an HTTP status other than 200 or 404 means. */
  static ofStatus(status: number, text: string, retryAfter: string | null, nowMs: number): RegisterFailure {
    const said = errorMessageOf(text);
    const suffix = said ? `: ${said.slice(0, 200)}` : '';
    if (status === 429) {
      const retryAfterMs = retryAfterMsOf(retryAfter, nowMs);
      return new RegisterFailure('rate_limited', `HTTP 429, rate limited${retryAfter ? ` (Retry-After ${retryAfter})` : ''}${suffix}`, {
        retryable: retryAfterMs !== undefined,
        retryAfterMs,
      });
    }
    if (status === 401 || status === 403) return new RegisterFailure('unauthorized', `HTTP ${status}, our token was refused${suffix}`);
    if (status >= 500) return new RegisterFailure('server_error', `HTTP ${status}${suffix}`, { retryable: true });
    return new RegisterFailure('refused', `HTTP ${status}${suffix}`);
  }
}

/** Retry-After as delay seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export const retryAfterMsOf = (header: string | null, nowMs: number): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const t = header.trim();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const at = Date.parse(t);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
};

const json = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RegisterFailure('malformed', `an answer that is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
};

/** The message of one of the register's error bodies, or undefined when the text is not one. */
export const errorMessageOf = (text: string): string | undefined => {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = epcRegisterApi.RegisterErrorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  return 'error' in b ? b.error : 'errors' in b ? b.errors.map((e) => e.title ?? e.code).join('; ') : b.data.error;
};

/** A 404 is "nothing found" only when it is the register's own error body (not, say, a proxy's page for a wrong URL). */
const checkNotFound = (text: string) => {
  if (errorMessageOf(text) === undefined) throw new RegisterFailure('malformed', `a 404 that is not the register's: ${text.slice(0, 80)}`);
};

export const parseSearchResponse = (status: number, text: string): epcRegisterApi.RegisterSearchResponse => {
  if (status === 404) {
    checkNotFound(text);
    return { data: [], pagination: { totalRecords: 0, currentPage: 1, totalPages: 0, nextPage: null, prevPage: null, pageSize: null } };
  }
  const parsed = epcRegisterApi.RegisterSearchResponse.safeParse(json(text));
  if (!parsed.success)
    throw new RegisterFailure('malformed', `a search answer without its data and pagination: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
};

export const parseCertificateResponse = (status: number, text: string): epcRegisterApi.RegisterCertificateDocument | null => {
  if (status === 404) {
    checkNotFound(text);
    return null;
  }
  const parsed = epcRegisterApi.RegisterCertificateResponse.safeParse(json(text));
  if (!parsed.success)
    throw new RegisterFailure('malformed', `a certificate answer without its document: ${parsed.error.issues[0]?.message}`);
  return parsed.data.data;
};
