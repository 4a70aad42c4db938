import { areaCrime, renovationUpliftCalculator } from '@pds/contracts';
import { readInput } from '../operations/read-input';
import type { RawInput } from '../operations/handler';
import { canonicalJson, fingerprintOf, readOptionalKey } from './fingerprint';

const raw = (query: Record<string, string>): RawInput => ({
  query,
  params: {},
  header: () => undefined,
  body: undefined,
  bodyPresent: false,
});
const inputOf = (operation: typeof areaCrime | typeof renovationUpliftCalculator, query: Record<string, string>) => {
  const read = readInput(operation, raw(query));
  if (!read.ok) throw new Error(read.message);
  return read.value;
};

describe('canonical JSON', () => {
  it('sorts keys at every depth and leaves out undefined members, so key order never makes two requests', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 2, y: undefined }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"z":2}]},"b":1}');
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
    expect(canonicalJson(new Date('2026-11-30T00:00:00Z'))).toBe('"2026-11-30T00:00:00.000Z"');
  });
});

describe('the fingerprint of a keyed call', () => {
  it('is the SHA-256 of the canonical JSON of the operation id and input', () => {
    // printf '%s' '{"input":{"a":1,"b":[2,null]},"operationId":"x"}' | sha256sum
    expect(fingerprintOf('x', { b: [2, null], a: 1 })).toBe('c2090f043ad154f636c1d7ff0bcfb7b2b611f17b058679c033b9812918eef2de');
  });

  it('is one for a postcode however it is written, as the contract normalises it', () => {
    const a = fingerprintOf(areaCrime.operationId, inputOf(areaCrime, { postcode: 'LS1 4AP', from: '2017-07' }));
    const b = fingerprintOf(areaCrime.operationId, inputOf(areaCrime, { from: '2017-07', postcode: ' ls14ap' }));
    expect(a).toBe(b);
    expect(fingerprintOf(areaCrime.operationId, inputOf(areaCrime, { postcode: 'LS1 4AP', from: '2017-08' }))).not.toBe(a);
  });

  it('differs by operation for the same input', () => {
    const query = { value: '250000', floorArea: '100', extensionArea: '20', renovationUplift: '10' };
    const input = inputOf(renovationUpliftCalculator, query);
    expect(fingerprintOf('renovation_uplift_calculator', input)).not.toBe(fingerprintOf('another_operation', input));
  });
});

describe('the optional Idempotency-Key header', () => {
  it('is none when absent, the key when 8 to 128 printable ASCII characters, else 400 INVALID_IDEMPOTENCY_KEY', () => {
    expect(readOptionalKey(undefined)).toEqual({ ok: true, value: undefined });
    expect(readOptionalKey('abcdefgh')).toEqual({ ok: true, value: 'abcdefgh' });
    expect(readOptionalKey('x'.repeat(128))).toEqual({ ok: true, value: 'x'.repeat(128) });
    for (const bad of ['', 'abcdefg', 'x'.repeat(129), 'with space', 'caf\u00e9-key-1']) {
      expect(readOptionalKey(bad)).toMatchObject({ ok: false, code: 'INVALID_IDEMPOTENCY_KEY' });
    }
  });
});
