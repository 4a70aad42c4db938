import { IdempotencyKey } from '@pds/contracts';
import { createHash } from 'node:crypto';
import { issueDetails } from '../http/issue-details';
import type { Checked } from '../operations/handler';

// What makes two keyed calls "the same request": the operation and its input as the contract's schemas read it
// (validated and normalised), so ` rg302an` and `RG30 2AN` are one request, as are `value=250000` and `value=250000.0`.

/** JSON with every object's keys sorted and undefined members left out: one text per value, whatever the key order. */
export const canonicalJson = (value: unknown): string => {
  if (value === undefined || value === null) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${members.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`no JSON for ${value}`);
  return JSON.stringify(value);
};

/** SHA-256 (hex) of the canonical JSON of the operation id and its validated input. */
export const fingerprintOf = (operationId: string, input: unknown) =>
  createHash('sha256').update(canonicalJson({ operationId, input })).digest('hex');

/** The optional `Idempotency-Key` of a per-call operation: none, the key, or why it is refused (free). */
export const readOptionalKey = (header: string | undefined): Checked<string | undefined> => {
  if (header === undefined) return { ok: true, value: undefined };
  const key = IdempotencyKey.safeParse(header);
  if (key.success) return { ok: true, value: key.data };
  return {
    ok: false,
    code: 'INVALID_IDEMPOTENCY_KEY',
    message: 'The Idempotency-Key header must be 8 to 128 printable ASCII characters without spaces. Nothing was charged.',
    details: issueDetails(key.error.issues, 'Idempotency-Key'),
  };
};
