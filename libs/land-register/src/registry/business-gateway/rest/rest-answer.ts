import { z } from '@pds/contracts';
import { toRegistryIso } from '../../opening-hours';
import type { BusinessGatewayTransport } from '../transport';

// What Business Gateway's REST services share: basic authentication over mutual TLS (the transport's part), JSON
// bodies, and errors as `{errors: [{error_code, error_message, http_status, timestamp, trace_id}]}`. The services say
// to act on the HTTP status, not on the error codes, which may change; the codes are kept for messages and logs.

/** The transport's REST call: all a reader needs, so a test can answer in its place. */
export type RestCaller = Pick<BusinessGatewayTransport, 'rest'>;

export interface RestReply {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * One error as the REST services send it. `timestamp` is declared a date-time, but the test service sends it without
 * a zone (`2022-03-15T09:52:40.758182`) and a published example as `2021-04-04 15:29:51:405Z`: any text is accepted.
 */
export const restErrorSchema = z.object({
  error_code: z.string(),
  error_message: z.string(),
  http_status: z.string().optional(),
  timestamp: z.string().optional(),
  trace_id: z.string().optional(),
});

export type RestError = z.infer<typeof restErrorSchema>;

export const restErrorBodySchema = z.object({ errors: z.array(restErrorSchema).optional() });

/** What a failed call said, for a message: `HTTP 403 BG40005 (Forbidden)`, or the status alone when there is no body. */
export const describeFailure = (reply: RestReply, errors: readonly { code: string; message: string }[]): string => {
  const said = errors.map((e) => `${e.code} (${e.message})`).join('; ');
  return `HTTP ${reply.status}${said ? ` ${said}` : ''}`;
};

/** A REST answer none of the reader's cases covers: an account, authorisation or server problem, or nonsense. */
export class RestServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCodes: readonly string[],
  ) {
    super(message);
    this.name = 'RestServiceError';
  }
}

/** The title number as the services take it: capitals, no spaces, safe in a path. */
export const titleSegment = (titleNumber: string): string => encodeURIComponent(titleNumber.replace(/\s/g, '').toUpperCase());

/** A limit on how long a caller is told to wait, whatever the headers say. */
const maxRetrySeconds = 24 * 60 * 60;

/**
 * Seconds to wait before trying again. `Retry-After` (seconds or an HTTP date) when sent; otherwise the rate
 * limiter's headers: `X-RateLimit-Requested-Tokens` over `X-RateLimit-Replenish-Rate` (tokens a second) is how long
 * one request's tokens take to come back; otherwise `defaultSeconds`.
 */
export const retrySecondsOf = (headers: Headers, now: Date, defaultSeconds: number): number => {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : (Date.parse(retryAfter) - now.getTime()) / 1000;
    if (Number.isFinite(seconds)) return Math.min(maxRetrySeconds, Math.max(1, Math.ceil(seconds)));
  }
  const rate = Number(headers.get('x-ratelimit-replenish-rate'));
  const requested = Number(headers.get('x-ratelimit-requested-tokens') ?? 1);
  if (Number.isFinite(rate) && rate > 0 && Number.isFinite(requested) && requested > 0) {
    return Math.min(maxRetrySeconds, Math.max(1, Math.ceil(requested / rate)));
  }
  return defaultSeconds;
};

/** The instant to try again, ISO 8601 with London's offset (as `Delayed.retryAfter` carries it). */
export const retryAfterOf = (headers: Headers, now: Date, defaultSeconds: number): string =>
  toRegistryIso(new Date(now.getTime() + retrySecondsOf(headers, now, defaultSeconds) * 1000));
