import { readModels, type PlaceRef } from '@pds/contracts';
import type pg from 'pg';

type PlaceResolution = readModels.PlaceResolution;

// A place asked about, as a point: a postcode's position from the postcode datasets serving (ONSPD's published
// coordinates where it holds the postcode, else Code-Point Open's, as the postcode lookup answers), or the latitude
// and longitude given. With the census areas and the country where a postcode says them.

export type PostcodeAreas = readModels.PostcodeAreas;
export type ResolvedPlace = readModels.ResolvedPlace;

export const resolvePlace = async (db: pg.Pool, place: PlaceRef): Promise<PlaceResolution> => {
  if (!('postcode' in place))
    return {
      kind: 'resolved',
      place: {
        postcode: null,
        latitude: place.latitude,
        longitude: place.longitude,
        countryCode: null,
        localAuthorityCode: null,
        lsoa: null,
        msoa: null,
        areas2021: null,
        datasets: [],
      },
    };
  const found = await readModels.placeQueries.lookUpPostcode(db, place.postcode);
  if (!found?.position) return { kind: 'postcode_not_found', postcode: place.postcode };
  return { kind: 'resolved', place: { ...found.areas, ...found.position } };
};
