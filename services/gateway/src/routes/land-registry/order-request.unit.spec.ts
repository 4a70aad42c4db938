import { checkOrderPlacement } from './order-request';

const key = 'order-2026-07-15-0001';
const register = { titleNumber: 'BK509231', documentType: 'register', purchaseAuthorisation: { maximumChargePence: 700 } };

const refusal = (header: string | undefined, body: unknown) => {
  const checked = checkOrderPlacement(header, body);
  if (checked.ok) throw new Error('expected a refusal');
  return checked;
};

describe('order placement checks', () => {
  it('accepts a well-formed order, filling the defaults and pricing it', () => {
    expect(checkOrderPlacement(key, { ...register, extractRegisterText: true })).toEqual({
      ok: true,
      value: {
        idempotencyKey: key,
        request: { ...register, extractRegisterText: true, backdatedCopyConfirmed: false },
        price: { registryPence: 300, servicePence: 400, totalPence: 700, documentCredits: 50, extractionCredits: 100, totalCredits: 150 },
      },
    });
    const both = checkOrderPlacement(key, { ...register, documentType: 'both', purchaseAuthorisation: { maximumChargePence: 1400 } });
    expect(both.ok && both.value.price.totalCredits).toBe(100);
  });

  it('checks the Idempotency-Key first: missing, then malformed', () => {
    expect(refusal(undefined, {}).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(refusal('', {}).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(refusal('short', register)).toMatchObject({
      code: 'INVALID_IDEMPOTENCY_KEY',
      details: expect.stringMatching(/^Idempotency-Key: /),
    });
    expect(refusal('has a space', register).code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(refusal('k'.repeat(129), register).code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(checkOrderPlacement('k'.repeat(128), register).ok).toBe(true);
  });

  it('names every invalid field of the body', () => {
    const checked = refusal(key, {
      titleNumber: 'B1',
      documentType: 'deeds',
      purchaseAuthorisation: { maximumChargePence: 1000 },
      note: 'x',
    });
    expect(checked.code).toBe('INVALID_PARAMETERS');
    expect(checked.details).toContain('titleNumber: ');
    expect(checked.details).toContain('documentType: ');
    expect(checked.details).toContain('purchaseAuthorisation.maximumChargePence: must be one of 700, 1400');
    expect(checked.details).toContain('note: not allowed');
    expect(refusal(key, { titleNumber: 'BK509231', documentType: 'plan' }).details).toBe('purchaseAuthorisation: required');
    expect(refusal(key, undefined).code).toBe('INVALID_PARAMETERS');
  });

  it('refuses extraction from a plan-only order', () => {
    expect(refusal(key, { ...register, documentType: 'plan', extractRegisterText: true }).code).toBe('EXTRACTION_NOT_AVAILABLE_FOR_PLAN');
  });

  it('requires the authorisation to equal the Purchase Balance charge, and says how much', () => {
    const checked = refusal(key, { ...register, documentType: 'both' });
    expect(checked.code).toBe('PURCHASE_AUTHORISATION_MISMATCH');
    expect(checked.message).toContain('must be exactly 1400');
    expect(refusal(key, { ...register, purchaseAuthorisation: { maximumChargePence: 1400 } }).message).toContain('must be exactly 700');
  });
});
