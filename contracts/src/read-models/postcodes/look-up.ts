import { defineQueries, type Queryable } from '../read-model';
import { codepointPostcodes, onsPostcodeAreas, onspdPostcodes } from './contract';

// A postcode as a place: its position (ONSPD's published coordinates where it holds the postcode, else Code-Point
// Open's, as the postcode lookup answers) with its census areas, local authority and country where the postcode
// datasets say them. Published by the location service, which resolves every place by it, for the services that need
// a postcode's areas (a valuation's local authority, say).

export interface ResolvedPlace {
  postcode: string | null;
  latitude: number;
  longitude: number;
  /** The GSS country code (E92000001 …) where a postcode dataset gives it. */
  countryCode: string | null;
  lsoa: { code: string; name: string | null; census: number } | null;
  msoa: { code: string; name: string | null; census: number } | null;
  /** The local authority district's GSS code, where a postcode dataset gives it. */
  localAuthorityCode: string | null;
  /** ONSPD's 2021 census areas, where it holds the postcode (the lookup's areas may be 2011's). */
  areas2021: { lsoa: string | null; msoa: string | null } | null;
  /** The datasets the point and areas came from, for `sources`. */
  datasets: string[];
}

export type PlaceResolution = { kind: 'resolved'; place: ResolvedPlace } | { kind: 'postcode_not_found'; postcode: string };

const countryByFirstLetter: Record<string, string> = { E: 'E92000001', W: 'W92000004', S: 'S92000003', N: 'N92000002' };

interface PostcodeRow {
  codepoint: { latitude: number | null; longitude: number | null; country_code: string | null; admin_district_code: string | null } | null;
  onspd: {
    latitude: number | null;
    longitude: number | null;
    country_code: string | null;
    lsoa11cd: string | null;
    msoa11cd: string | null;
    lsoa21cd: string | null;
    msoa21cd: string | null;
    lad_code: string | null;
  } | null;
  areas: {
    lsoa_code: string | null;
    lsoa_name: string | null;
    msoa_code: string | null;
    msoa_name: string | null;
    census: number;
    lad_code: string | null;
  } | null;
}

const rowsSql = `
  SELECT (SELECT json_build_object('latitude', c.latitude, 'longitude', c.longitude, 'country_code', c.country_code,
                                   'admin_district_code', c.admin_district_code)
            FROM ${codepointPostcodes.relation} c WHERE c.postcode = $1 AND c.positional_quality <> 90) AS codepoint,
         (SELECT json_build_object('latitude', o.latitude, 'longitude', o.longitude, 'country_code', o.country_code,
                                   'lsoa11cd', o.lsoa11cd, 'msoa11cd', o.msoa11cd, 'lsoa21cd', o.lsoa21cd, 'msoa21cd', o.msoa21cd, 'lad_code', o.lad_code)
            FROM ${onspdPostcodes.relation} o WHERE o.postcode = $1) AS onspd,
         (SELECT json_build_object('lsoa_code', a.lsoa_code, 'lsoa_name', a.lsoa_name, 'msoa_code', a.msoa_code,
                                   'msoa_name', a.msoa_name, 'census', a.census, 'lad_code', a.lad_code)
            FROM ${onsPostcodeAreas.relation} a WHERE a.postcode = $1) AS areas`;

/** ONSPD writes 99.999999 / 0.000000 for a postcode it cannot place. */
const placed = (lat: number | null | undefined, lon: number | null | undefined) =>
  lat !== null && lat !== undefined && lon !== null && lon !== undefined && Math.abs(lat) <= 90 && !(lat === 99.999999);

/** What the postcode datasets say of a postcode's areas, whether or not they place it. */
export type PostcodeAreas = Pick<ResolvedPlace, 'countryCode' | 'localAuthorityCode' | 'lsoa' | 'msoa' | 'areas2021' | 'datasets'> & {
  postcode: string;
};

/** A postcode's areas and position from the postcode datasets serving; undefined when none of them holds it. */
const lookUpPostcode = async (
  db: Queryable,
  postcode: string,
): Promise<{ areas: PostcodeAreas; position: { latitude: number; longitude: number } | null } | undefined> => {
  const row = (await db.query<PostcodeRow>(rowsSql, [postcode])).rows[0];
  const { codepoint, onspd, areas } = row ?? { codepoint: null, onspd: null, areas: null };
  if (!codepoint && !onspd && !areas) return undefined;
  const position =
    onspd && placed(onspd.latitude, onspd.longitude)
      ? onspd
      : codepoint && placed(codepoint.latitude, codepoint.longitude)
        ? codepoint
        : null;
  const lad = onspd?.lad_code ?? areas?.lad_code ?? codepoint?.admin_district_code ?? null;
  const countryCode = onspd?.country_code ?? codepoint?.country_code ?? (lad ? (countryByFirstLetter[lad[0] ?? ''] ?? null) : null);
  // The lookup's areas carry names; ONSPD's codes (2021 first) serve a postcode the lookup does not hold.
  const area = (code: string | null | undefined, name: string | null, census: number) => (code ? { code, name, census } : null);
  const lsoa = areas
    ? area(areas.lsoa_code, areas.lsoa_name, areas.census)
    : onspd?.lsoa21cd
      ? area(onspd.lsoa21cd, null, 2021)
      : area(onspd?.lsoa11cd, null, 2011);
  const msoa = areas
    ? area(areas.msoa_code, areas.msoa_name, areas.census)
    : onspd?.msoa21cd
      ? area(onspd.msoa21cd, null, 2021)
      : area(onspd?.msoa11cd, null, 2011);
  const datasets = [
    ...(position === codepoint && codepoint ? ['codepoint-open'] : []),
    ...(areas ? ['ons-postcode-lookup'] : []),
    ...(onspd ? ['onspd'] : []),
  ];
  return {
    areas: {
      postcode,
      countryCode,
      localAuthorityCode: lad,
      lsoa,
      msoa,
      areas2021: onspd && (onspd.lsoa21cd || onspd.msoa21cd) ? { lsoa: onspd.lsoa21cd, msoa: onspd.msoa21cd } : null,
      datasets,
    },
    position: position ? { latitude: position.latitude as number, longitude: position.longitude as number } : null,
  };
};

export const placeQueries = defineQueries([codepointPostcodes, onsPostcodeAreas, onspdPostcodes], { lookUpPostcode });
