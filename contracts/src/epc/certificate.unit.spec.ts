import { expiryOf } from './certificate';

describe('a certificate expires ten years after its lodgement', () => {
  it.each([
    ['2016-03-14', '2026-03-14'],
    ['2019-12-31', '2029-12-31'],
    // Lodged on 29 February: 2030 has none, so the last day of its February.
    ['2020-02-29', '2030-02-28'],
    ['2014-02-28', '2024-02-28'],
  ])('lodged %s, expires %s', (lodged, expires) => expect(expiryOf(lodged)).toBe(expires));
});
