import { reservationRefusal, reservationRefusalCodes } from './refusals';

// The one map from a ledger refusal to what the caller reads; the gateway and the orders service both use it.

describe('reservation refusals', () => {
  it('keeps the ledger code as the REST code and words each with what to do', () => {
    expect(reservationRefusal({ code: 'INSUFFICIENT_CREDITS', message: '150 credits needed, 149 available' })).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Not enough credits: 150 credits needed, 149 available.',
    });
    expect(
      reservationRefusal({ code: 'INSUFFICIENT_PURCHASE_BALANCE', message: '700 pence of Purchase Balance needed, 100 available.' })
        ?.message,
    ).toBe(
      'Not enough Purchase Balance: 700 pence of Purchase Balance needed, 100 available; top it up and order again with a new Idempotency-Key.',
    );
    expect(reservationRefusal({ code: 'ACCOUNT_IN_DEBT', message: 'the account owes 300 pence' })?.message).toBe(
      'This account is in debt and cannot order official copies until it is repaid (the account owes 300 pence).',
    );
    expect(reservationRefusal({ code: 'ORDERING_NOT_ENABLED', message: 'x' })?.code).toBe('ORDERING_NOT_ENABLED');
    expect(reservationRefusal({ code: 'ACCOUNT_HELD', message: 'x' })?.code).toBe('ACCOUNT_HELD');
  });

  it("maps nothing else: a ledger failure is not the caller's refusal", () => {
    for (const code of ['RESERVATION_NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'INVALID_COMMAND'])
      expect(reservationRefusal({ code, message: 'x' })).toBeUndefined();
    expect([...reservationRefusalCodes].sort()).toEqual([
      'ACCOUNT_HELD',
      'ACCOUNT_IN_DEBT',
      'INSUFFICIENT_CREDITS',
      'INSUFFICIENT_PURCHASE_BALANCE',
      'ORDERING_NOT_ENABLED',
    ]);
  });
});
