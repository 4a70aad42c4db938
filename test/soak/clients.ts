// The soak's clients: each retries a call that failed for want of a service (no answer, or a 5xx) with the same
// Idempotency-Key, as a careful client of a paid API does, until it has an answer or its patience runs out.

export interface KeyedOutcome {
  key: string;
  /** The last answer's status (0: none); attempts made for it. */
  status: number;
  attempts: number;
  /** X-Credits-Charged of the last answer, and whether it said it replayed an earlier one. */
  chargedCredits: number;
  replayed: boolean;
  /** The body of the last answer (JSON), for what the client keeps of it (an order's id). */
  body: any;
}

const retryable = (status: number) => status === 0 || status >= 500;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const retryPauseMs = 250;

/** One logical call: sent, and sent again with the same key while it fails for want of a service, up to `patienceMs`. */
export const keyedCall = async (
  url: string,
  init: { method: 'GET' | 'POST'; apiKey: string; body?: unknown },
  key: string,
  patienceMs: number,
): Promise<KeyedOutcome> => {
  const until = Date.now() + patienceMs;
  for (let attempts = 1; ; attempts++) {
    let outcome: KeyedOutcome = { key, status: 0, attempts, chargedCredits: 0, replayed: false, body: undefined };
    try {
      const res = await fetch(url, {
        method: init.method,
        headers: {
          'x-api-key': init.apiKey,
          'idempotency-key': key,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      outcome = {
        key,
        status: res.status,
        attempts,
        chargedCredits: Number(res.headers.get('x-credits-charged') ?? 0),
        replayed: res.headers.get('idempotent-replayed') === 'true',
        body: text.startsWith('{') ? JSON.parse(text) : undefined,
      };
    } catch {
      // no answer: the connection refused or cut, or no answer in time
    }
    if (!retryable(outcome.status) || Date.now() > until) return outcome;
    await sleep(retryPauseMs);
  }
};

/**
 * `workers` loops of logical calls, each with a new key, until `stopped` resolves; then waits for the calls in flight
 * (each may still be retrying) and gives back every logical call's outcome.
 */
export const runKeyedClients = async (
  workers: number,
  next: (worker: number, n: number) => { url: string; init: Parameters<typeof keyedCall>[1]; key: string },
  stopped: Promise<void>,
  options: { patienceMs: number; pauseMs?: number },
): Promise<KeyedOutcome[]> => {
  const outcomes: KeyedOutcome[] = [];
  let stop = false;
  void stopped.then(() => (stop = true));
  const worker = async (w: number) => {
    for (let n = 1; !stop; n++) {
      const call = next(w, n);
      outcomes.push(await keyedCall(call.url, call.init, call.key, options.patienceMs));
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return outcomes;
};
