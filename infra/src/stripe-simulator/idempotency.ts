// Stripe's idempotency for POSTs, as its documentation describes it: the first answer to a key is saved, status and
// body, and a request with the same key and the same parameters gets that answer again (marked `Idempotent-Replayed`);
// the same key with other parameters, or on another endpoint, is refused 400 `idempotency_error`. Keys are kept 24 h
// (Stripe may prune them after that), and at most `maxKeys` of them, the oldest going first.

export interface SavedAnswer {
  status: number;
  body: unknown;
}

interface Entry {
  endpoint: string;
  params: string;
  answer: SavedAnswer;
  savedAtMs: number;
}

export type IdempotencyOutcome = { kind: 'new' } | { kind: 'replay'; answer: SavedAnswer } | { kind: 'mismatch'; message: string };

export const idempotencyKeyLifetimeMs = 24 * 3_600_000;
const maxKeys = 10_000;
const maxKeyLength = 255;

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** What a request with `key` on `endpoint` (method and path) with these canonical parameters is to get. */
  check(key: string, endpoint: string, params: string, nowMs: number): IdempotencyOutcome {
    this.prune(nowMs);
    const entry = this.entries.get(key);
    if (!entry) return { kind: 'new' };
    if (entry.endpoint !== endpoint) {
      return {
        kind: 'mismatch',
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}').`,
      };
    }
    if (entry.params !== params) {
      return {
        kind: 'mismatch',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      };
    }
    return { kind: 'replay', answer: entry.answer };
  }

  /** Saves the first answer to `key`. */
  save(key: string, endpoint: string, params: string, answer: SavedAnswer, nowMs: number): void {
    if (this.entries.has(key)) return;
    if (this.entries.size >= maxKeys) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { endpoint, params, answer, savedAtMs: nowMs });
  }

  get size() {
    return this.entries.size;
  }

  /** Drops keys older than their lifetime (the map is in the order they were saved). */
  private prune(nowMs: number): void {
    for (const [key, entry] of this.entries) {
      if (nowMs - entry.savedAtMs < idempotencyKeyLifetimeMs) return;
      this.entries.delete(key);
    }
  }
}

/** Why an `Idempotency-Key` header cannot be used, or null. */
export const idempotencyKeyProblem = (key: string): string | null =>
  key.length === 0 || key.length > maxKeyLength ? `Idempotency-Key must be 1 to ${maxKeyLength} characters` : null;
