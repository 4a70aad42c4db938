// Two books of reservations are equal when they hold the same reservations, however each is split between the map it
// was read into and the changes since (a book read from a snapshot and one folded from the first event hold the same
// reservations, split differently). Known by its class's name, so that it works whichever build (src or dist) made it.

type Book = { entries(): Iterable<[string, unknown]> };
type Tester = (
  this: { equals(a: unknown, b: unknown, testers: Tester[]): boolean },
  a: unknown,
  b: unknown,
  testers: Tester[],
) => boolean | undefined;
const isBook = (x: unknown): x is Book => typeof x === 'object' && x !== null && x.constructor.name === 'ReservationBook';

const sameReservations: Tester = function (a, b, customTesters) {
  if (!isBook(a) || !isBook(b)) return undefined;
  return this.equals(new Map(a.entries()), new Map(b.entries()), customTesters);
};

// In jest's expect since 29.4; the @types/jest here predates it.
(expect as unknown as { addEqualityTesters(testers: Tester[]): void }).addEqualityTesters([sameReservations]);
