// An estimate of bedrooms from the habitable rooms an energy assessor counts. RdSAP counts every habitable room alike
// (bedrooms, living and dining rooms, studies; not kitchens, bathrooms, halls), so the bedrooms are the habitable rooms
// less the reception rooms a home of that size usually has: one up to 4 habitable rooms, two for 5 to 7, three for 8 or
// more. A one-room home (a studio) has no separate bedroom.

/** Reception rooms assumed for a home of `habitableRooms`. */
export const receptionRoomsFor = (habitableRooms: number): number => (habitableRooms <= 4 ? 1 : habitableRooms <= 7 ? 2 : 3);

/** Estimated bedrooms, or null when the habitable rooms are not known (or not a count). */
export const estimatedBedrooms = (habitableRooms: number | null): number | null => {
  if (habitableRooms === null || !Number.isInteger(habitableRooms) || habitableRooms < 1) return null;
  return Math.max(habitableRooms - receptionRoomsFor(habitableRooms), 0);
};
