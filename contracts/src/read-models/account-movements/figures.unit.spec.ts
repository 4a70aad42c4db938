import { closingCredits, closingPence, monthFigures, zeroFigures, type StatementFigures } from './figures';

// The statement's identities on figures worked by hand: a month closes at its opening plus its movements, and the
// next month opens where it closed.

const moved = (figures: Partial<StatementFigures>): StatementFigures => ({ ...zeroFigures(), ...figures });

describe('statement figures', () => {
  it('closes each month at its opening plus its movements, credits and pence alike', () => {
    const april = moved({
      granted_credits: 100,
      refresh_adjustment_credits: 4_906,
      charged_credits: 6,
      deposited_pence: 5_000,
      debt_recorded_pence: 300,
    });
    const may = moved({
      lapsed_credits: 900,
      charged_credits: 40,
      refunded_credits: 2,
      captured_pence: 700,
      refunded_pence: 700,
      debt_repaid_pence: 300,
      deposited_pence: 1_000,
    });
    const a = monthFigures(zeroFigures(), april);
    // 100 + 4,906 − 6; debt recorded is owed, not taken: £50.
    expect([a.opening_credits, a.closing_credits, a.opening_pence, a.closing_pence]).toEqual([0, 5_000, 0, 5_000]);
    const m = monthFigures(april, may);
    // 5,000 − 900 − 40 + 2; £50 + £10 + £7 − £3 − £7.
    expect([m.opening_credits, m.closing_credits, m.opening_pence, m.closing_pence]).toEqual([5_000, 4_062, 5_000, 5_700]);
    expect(closingCredits(m)).toBe(m.closing_credits);
    expect(closingPence(m)).toBe(m.closing_pence);
  });

  it('opens the next month at this month’s closing, a month without movements included', () => {
    const april = moved({ granted_credits: 100, deposited_pence: 1_000 });
    const may = moved({ charged_credits: 30, captured_pence: 250 });
    const sum = (a: StatementFigures, b: StatementFigures) =>
      Object.fromEntries(
        Object.keys(a).map((k) => [k, a[k as keyof StatementFigures] + b[k as keyof StatementFigures]]),
      ) as StatementFigures;
    const m = monthFigures(april, may);
    const june = monthFigures(sum(april, may), zeroFigures());
    expect([june.opening_credits, june.opening_pence]).toEqual([m.closing_credits, m.closing_pence]);
    expect([june.closing_credits, june.closing_pence]).toEqual([70, 750]);
  });
});
