import type { Reservation } from './account';
import { ReservationBook } from './reservation-book';

const held = (amountCredits: number): Reservation => ({
  amountCredits,
  amountPence: 0,
  status: 'pending',
  creditsOpen: true,
  cashOpen: false,
  refundedCredits: 0,
  refundedPence: 0,
});
const ids = (book: ReservationBook) => [...book.entries()].map(([id]) => id).sort();

describe('the reservation book', () => {
  it('reads a snapshot, then records, replaces and forgets over it, leaving every earlier book as it was', () => {
    const read = ReservationBook.of([
      ['a', held(1)],
      ['b', held(2)],
    ]);
    const changed = read
      .with('c', held(3))
      .with('a', { ...held(1), status: 'captured', creditsOpen: false })
      .without('b');
    expect([changed.size, ids(changed), changed.get('a')?.status, changed.has('b'), changed.get('c')?.amountCredits]).toEqual([
      2,
      ['a', 'c'],
      'captured',
      false,
      3,
    ]);
    expect([read.size, ids(read), read.get('a')?.status, read.has('b')]).toEqual([2, ['a', 'b'], 'pending', true]);
    // Forgetting what is not there changes nothing; recording again what was forgotten brings it back.
    expect(changed.without('b')).toBe(changed);
    expect(changed.with('b', held(5)).get('b')?.amountCredits).toBe(5);
    expect([...changed.values()].map((r) => r.amountCredits).sort()).toEqual([1, 3]);
  });

  it('folds its changes into a new base once they outnumber it, holding the same reservations', () => {
    let book = ReservationBook.of([['kept', held(1)]]);
    const before = book;
    // 3,000 recorded and 2,000 of them forgotten: the changes pass 1,024 twice over.
    for (let i = 0; i < 3_000; i++) book = book.with(`r${i}`, held(1));
    for (let i = 0; i < 2_000; i++) book = book.without(`r${i}`);
    expect(book.size).toBe(1_001);
    expect(ids(book)).toEqual(['kept', ...Array.from({ length: 1_000 }, (_, i) => `r${2_000 + i}`)].sort());
    expect([book.has('r1999'), book.has('r2000'), before.size, ids(before)]).toEqual([false, true, 1, ['kept']]);
  });
});
