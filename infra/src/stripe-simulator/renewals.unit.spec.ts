import { monthsAfter, nextRetryAt, periodOf, renewalStep, type RenewalView } from './renewals';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString();

describe('monthly periods', () => {
  it("renew on the anchor's day and time", () => {
    const anchor = seconds('2025-12-15T09:30:00Z');
    expect(iso(monthsAfter(anchor, 1))).toBe('2026-01-15T09:30:00.000Z');
    expect(iso(monthsAfter(anchor, 3))).toBe('2026-03-15T09:30:00.000Z');
  });

  it("fall on the month's last day when it has no such day, and return to the anchor's day after", () => {
    const anchor = seconds('2025-01-31T10:00:00Z');
    expect(iso(monthsAfter(anchor, 1))).toBe('2025-02-28T10:00:00.000Z');
    expect(iso(monthsAfter(anchor, 2))).toBe('2025-03-31T10:00:00.000Z');
    expect(iso(monthsAfter(anchor, 3))).toBe('2025-04-30T10:00:00.000Z');
    expect(iso(monthsAfter(seconds('2024-01-31T00:00:00Z'), 1))).toBe('2024-02-29T00:00:00.000Z');
  });

  it('run from one period end to the next', () => {
    const anchor = seconds('2025-01-31T10:00:00Z');
    expect(periodOf(anchor, 1)).toEqual({ start: seconds('2025-02-28T10:00:00Z'), end: seconds('2025-03-31T10:00:00Z') });
  });
});

describe('what is due', () => {
  const periodEnd = seconds('2026-02-15T00:00:00Z');
  const active: RenewalView = { status: 'active', cancelAtPeriodEnd: false, periodEndSeconds: periodEnd, retry: null };

  it('is nothing before the period ends, a renewal once it has', () => {
    expect(renewalStep(active, periodEnd - 1)).toEqual({ kind: 'none' });
    expect(renewalStep(active, periodEnd)).toEqual({ kind: 'renew' });
  });

  it('is the end for a subscription set to cancel', () => {
    expect(renewalStep({ ...active, cancelAtPeriodEnd: true }, periodEnd + 10)).toEqual({ kind: 'end', reason: 'cancellation_requested' });
  });

  it("is the failing charge's next attempt once its time comes", () => {
    const failing: RenewalView = { ...active, status: 'past_due', retry: { atSeconds: periodEnd + 86_400, attempts: 1 } };
    expect(renewalStep(failing, periodEnd + 86_399)).toEqual({ kind: 'none' });
    expect(renewalStep(failing, periodEnd + 86_400)).toEqual({ kind: 'retry', attempt: 2 });
  });

  it('is nothing for a subscription that has ended', () => {
    expect(renewalStep({ ...active, status: 'canceled' }, periodEnd + 1e6)).toEqual({ kind: 'none' });
  });

  it('retries a failed charge a day later, three times, then gives up', () => {
    expect(nextRetryAt(1, 1_000)).toBe(87_400);
    expect(nextRetryAt(3, 1_000)).toBe(87_400);
    expect(nextRetryAt(4, 1_000)).toBeNull();
  });
});
