import { type AreaStatisticsResult, type locationIntelligence, type ReplyOf, readModels } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import { area2021Of } from '../places/census-areas-2021';
import type { PostcodeAreas } from '../places/resolve-place';
import { authorityOfAreaName, figuresOf } from './area-figures';
import { areaCounts, authorityCounts, holdsArea, holdsAreasOfAuthority } from './census-counts';

// A postcode's 2021 LSOA and MSOA in the Census 2021 tables imported, and the local authority they lie in. Each area
// is answered when it can be; one that cannot says why in `unavailable`. Neither small area answerable is a refusal,
// with the more useful of the two reasons: an area changed in 2021 is fixed by importing ONSPD.

type Result = HandlerResult<ReplyOf<typeof locationIntelligence.DescribeAreaStatistics>>;
type SmallArea = NonNullable<AreaStatisticsResult['lsoa']>;
type Unavailable = AreaStatisticsResult['unavailable'][number];

const refused = (code: string, message: string): Result => ({ ok: false, error: { code, message } });

/** The Census 2021 covers England (E92000001) and Wales (W92000004) only. */
const outsideNations: Record<string, string> = {
  S92000003: 'Scotland, whose census (2022) is published by National Records of Scotland',
  N92000002: 'Northern Ireland, whose census is published by NISRA',
  L93000001: 'the Channel Islands, which the census of England and Wales does not cover',
  M83000003: 'the Isle of Man, which the census of England and Wales does not cover',
};

const named = (level: 'lsoa' | 'msoa') => level.toUpperCase();

const smallAreaOf = async (
  db: pg.Pool,
  place: PostcodeAreas,
  level: 'lsoa' | 'msoa',
): Promise<{ area: SmallArea } | { unavailable: Unavailable }> => {
  const { postcode } = place;
  const found = await area2021Of(place, level, (code) => holdsArea(db, level, code));
  if ('unresolved' in found) {
    // A 2011 code the tables do not hold is either an area changed for 2021 or an area the tables imported do not
    // cover; they cover its local authority (it names their areas) when it changed.
    const area2011 = place[level];
    const authority = area2011?.census === 2011 && area2011.name ? authorityOfAreaName(area2011.name) : undefined;
    if (authority !== undefined && !(await holdsAreasOfAuthority(db, level, authority)))
      return {
        unavailable: {
          area: level,
          code: 'AREA_STATISTICS_NOT_FOUND',
          message: `The census tables imported hold no ${named(level)} of ${authority}, where ${postcode} lies.`,
        },
      };
    return {
      unavailable: { area: level, code: 'AREA_2021_UNKNOWN', message: `The 2021 ${named(level)} is not known: ${found.unresolved}.` },
    };
  }
  const counts = await areaCounts(db, level, found.code);
  if (!counts)
    return {
      unavailable: {
        area: level,
        code: 'AREA_STATISTICS_NOT_FOUND',
        message: `The census tables imported hold no figures for ${named(level)} ${found.code}, where ${postcode} lies.`,
      },
    };
  return { area: { code: counts.code, name: counts.name, via: found.via, ...figuresOf(counts.counts) } };
};

const localAuthorityOf = async (
  db: pg.Pool,
  smallAreas: readonly SmallArea[],
): Promise<{ area: AreaStatisticsResult['localAuthority'] } | { unavailable: Unavailable }> => {
  const name = smallAreas.map((a) => authorityOfAreaName(a.name)).find((n) => n !== undefined);
  const counts = name === undefined ? undefined : await authorityCounts(db, name);
  if (!counts)
    return {
      unavailable: {
        area: 'localAuthority',
        code: 'AREA_STATISTICS_NOT_FOUND',
        message:
          name === undefined
            ? `The local authority is not known from the area names (${smallAreas.map((a) => a.name).join(', ')}).`
            : `The census tables imported hold no local-authority (ltla) figures for ${name}.`,
      },
    };
  return { area: { code: counts.code, name: counts.name, ...figuresOf(counts.counts) } };
};

export const describeAreaStatistics = async (db: pg.Pool, postcode: string): Promise<Result> => {
  // Northern Ireland's postcodes are refused by their area, since no dataset here holds them.
  if (postcode.startsWith('BT')) return refused('OUTSIDE_ENGLAND_AND_WALES', `${postcode} is in ${outsideNations.N92000002}.`);
  // The areas are the postcode datasets' whether or not they place the postcode: no position is needed.
  const found = await readModels.placeQueries.lookUpPostcode(db, postcode);
  if (!found) return refused('POSTCODE_NOT_FOUND', `No postcode dataset serving holds ${postcode}.`);
  const place = found.areas;
  const outside = outsideNations[place.countryCode ?? ''];
  if (outside) return refused('OUTSIDE_ENGLAND_AND_WALES', `${postcode} is in ${outside}; the Census 2021 here is England and Wales's.`);
  const [lsoa, msoa] = await Promise.all([smallAreaOf(db, place, 'lsoa'), smallAreaOf(db, place, 'msoa')]);
  const answered = [lsoa, msoa].flatMap((a) => ('area' in a ? [a.area] : []));
  const unavailable = [lsoa, msoa].flatMap((a) => ('unavailable' in a ? [a.unavailable] : []));
  if (answered.length === 0) {
    const code = unavailable.some((u) => u.code === 'AREA_2021_UNKNOWN') ? 'AREA_2021_UNKNOWN' : 'AREA_STATISTICS_NOT_FOUND';
    return refused(code, unavailable.map((u) => u.message).join(' '));
  }
  const authority = await localAuthorityOf(db, answered);
  const data: AreaStatisticsResult = {
    postcode,
    lsoa: 'area' in lsoa ? lsoa.area : null,
    msoa: 'area' in msoa ? msoa.area : null,
    localAuthority: 'area' in authority ? authority.area : null,
    unavailable: 'unavailable' in authority ? [...unavailable, authority.unavailable] : unavailable,
  };
  return { ok: true, data: { data, sources: await readModels.datasetQueries.sources(db, ['census-2021', ...place.datasets]) } };
};
