/** Whole seconds until `retryAfter` (for the Retry-After header), at least 1; undefined when it is not a date. */
export const retryAfterSeconds = (retryAfter: string, now: Date): number | undefined => {
  const at = Date.parse(retryAfter);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now.getTime()) / 1000));
};

/** Every 429 and 503 says when to retry; without a better figure, after this long (a backing service's blip). */
export const defaultRetryAfterS = 2;
