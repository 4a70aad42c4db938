import { chargedCredits, expectCharged } from './charging';

// Answers made by hand, as the gateway gives them (the API description's Billing section).

const answer = (headers: Record<string, string>, body: unknown) => ({ headers: new Headers(headers), body });
const billing = (creditsCharged: number, creditsRemaining: number | null) => ({
  mode: 'prepaid',
  creditsCharged,
  creditsRemaining,
  creditsRefreshAt: null,
});
const charge = answer({ 'X-Credits-Charged': '2', 'X-Credits-Remaining': '998' }, { success: true, data: {}, billing: billing(2, 998) });
const refusal = answer({ 'X-Credits-Charged': '0', 'X-Credits-Remaining': '1000' }, { success: false, error: { code: 'X' } });

describe('expectCharged', () => {
  it('passes a charge that its header, billing object and balance all tell alike', () => {
    expectCharged(charge, { credits: 2, balanceAfter: 998 });
    expectCharged(charge, { credits: 2 });
    expect(chargedCredits(charge)).toBe(2);
  });

  it('fails a charge that any of them tells otherwise', () => {
    expect(() => expectCharged(charge, { credits: 1 })).toThrow();
    expect(() => expectCharged(charge, { credits: 2, balanceAfter: 997 })).toThrow();
    const headerOnly = answer({ 'X-Credits-Charged': '2', 'X-Credits-Remaining': '998' }, { success: true, data: {} });
    expect(() => expectCharged(headerOnly, { credits: 2 })).toThrow();
    const billedOtherwise = answer({ 'X-Credits-Charged': '2', 'X-Credits-Remaining': '998' }, { success: true, billing: billing(2, 997) });
    expect(() => expectCharged(billedOtherwise, { credits: 2, balanceAfter: 998 })).toThrow();
  });

  it('fails a charge that does not say what is left', () => {
    const silent = answer({ 'X-Credits-Charged': '2' }, { success: true, data: {}, billing: billing(2, 998) });
    expect(() => expectCharged(silent, { credits: 2, balanceAfter: 998 })).toThrow();
    const unknown = answer({ 'X-Credits-Charged': '2', 'X-Credits-Remaining': '998' }, { success: true, billing: billing(2, null) });
    expect(() => expectCharged(unknown, { credits: 2, balanceAfter: 998 })).toThrow();
  });

  it('passes a refusal that charged nothing, with or without the balance, and fails it against another balance', () => {
    expectCharged(refusal, { credits: 0, balanceAfter: 1_000 });
    expectCharged(answer({ 'X-Credits-Charged': '0' }, { success: false, error: { code: 'X' } }), { credits: 0, balanceAfter: 1_000 });
    expect(() => expectCharged(refusal, { credits: 0, balanceAfter: 999 })).toThrow();
    expect(() => expectCharged(refusal, { credits: 1 })).toThrow();
  });

  it('fails an error answer that carries a billing object, even one of 0', () => {
    const billedError = answer({ 'X-Credits-Charged': '0' }, { success: false, error: { code: 'X' }, billing: billing(0, 1_000) });
    expect(() => expectCharged(billedError, { credits: 0 })).toThrow();
  });

  it('passes an answer given free (a billing object of 0, or none at all, or bytes)', () => {
    const free = answer(
      { 'X-Credits-Charged': '0', 'X-Credits-Remaining': '1000' },
      { success: true, data: {}, billing: billing(0, 1_000) },
    );
    expectCharged(free, { credits: 0, balanceAfter: 1_000 });
    expectCharged(answer({ 'X-Credits-Charged': '0' }, { success: true, data: {} }), { credits: 0, balanceAfter: 1_000 });
    expectCharged(answer({ 'X-Credits-Charged': '0' }, Buffer.from('%PDF-')), { credits: 0 });
  });
});
