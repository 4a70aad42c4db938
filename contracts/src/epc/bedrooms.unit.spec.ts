import { estimatedBedrooms } from './bedrooms';

// The rule of bedrooms.ts: habitable rooms less one reception room up to 4, two for 5 to 7, three for 8 or more.

describe('estimated bedrooms', () => {
  it.each([
    [1, 0], // a studio
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 3], // living and dining rooms, three bedrooms
    [6, 4],
    [7, 5],
    [8, 5],
    [10, 7],
  ])('%i habitable rooms: %i bedrooms', (rooms, bedrooms) => {
    expect(estimatedBedrooms(rooms)).toBe(bedrooms);
  });

  it('says nothing without a count of rooms', () => {
    expect([estimatedBedrooms(null), estimatedBedrooms(0), estimatedBedrooms(2.5)]).toEqual([null, null, null]);
  });
});
