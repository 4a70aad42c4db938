import { idempotencyKeyLifetimeMs, idempotencyKeyProblem, IdempotencyStore } from './idempotency';

const endpoint = 'POST /v1/checkout/sessions';
const answer = { status: 200, body: { id: 'cs_test_1' } };

describe('idempotency keys', () => {
  it('gives a new key nothing, then the first answer to the same parameters', () => {
    const store = new IdempotencyStore();
    expect(store.check('k1', endpoint, 'params-a', 0)).toEqual({ kind: 'new' });
    store.save('k1', endpoint, 'params-a', answer, 0);
    expect(store.check('k1', endpoint, 'params-a', 1_000)).toEqual({ kind: 'replay', answer });
  });

  it('keeps the first answer when a second is saved under the key', () => {
    const store = new IdempotencyStore();
    store.save('k1', endpoint, 'params-a', answer, 0);
    store.save('k1', endpoint, 'params-a', { status: 200, body: { id: 'cs_test_2' } }, 5);
    expect(store.check('k1', endpoint, 'params-a', 10)).toEqual({ kind: 'replay', answer });
  });

  it('refuses the key with other parameters, or on another endpoint', () => {
    const store = new IdempotencyStore();
    store.save('k1', endpoint, 'params-a', answer, 0);
    const other = store.check('k1', endpoint, 'params-b', 1);
    expect(other.kind).toBe('mismatch');
    expect(other.kind === 'mismatch' && other.message).toMatch(/same parameters/);
    const elsewhere = store.check('k1', 'POST /v1/subscriptions/sub_1', 'params-a', 1);
    expect(elsewhere.kind === 'mismatch' && elsewhere.message).toMatch(/same endpoint/);
  });

  it('forgets a key after 24 hours', () => {
    const store = new IdempotencyStore();
    store.save('k1', endpoint, 'params-a', answer, 0);
    expect(store.check('k1', endpoint, 'params-b', idempotencyKeyLifetimeMs - 1).kind).toBe('mismatch');
    expect(store.check('k1', endpoint, 'params-b', 24 * 3_600_000)).toEqual({ kind: 'new' });
    expect(store.size).toBe(0);
  });

  it('takes keys of 1 to 255 characters', () => {
    expect(idempotencyKeyProblem('checkout:chk_1')).toBeNull();
    expect(idempotencyKeyProblem('')).toMatch(/1 to 255/);
    expect(idempotencyKeyProblem('x'.repeat(256))).toMatch(/1 to 255/);
  });
});
