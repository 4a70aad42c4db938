import {
  deprivationDomains,
  deprivationSubDomains,
  type DeprivationResult,
  type locationIntelligence,
  type ReplyOf,
  readModels,
} from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import { area2021Of } from '../places/census-areas-2021';

// A postcode's 2021 LSOA in the English Indices of Deprivation 2025 (`iod_lsoa_scores`, the iod dataset). England only:
// the country is the postcode datasets'; Northern Ireland's postcodes (BT) are refused by their area even where no
// dataset here holds them.

type Result = HandlerResult<ReplyOf<typeof locationIntelligence.DescribeDeprivation>>;
type Row = Record<string, string | number | null>;

const refused = (code: string, message: string): Result => ({ ok: false, error: { code, message } });

const nations: Record<string, string> = {
  W92000004: 'Wales',
  S92000003: 'Scotland',
  N92000002: 'Northern Ireland',
  L93000001: 'the Channel Islands',
  M83000003: 'the Isle of Man',
};

/** Our columns' names of each measure of the answer, in the answer's order. */
const domainColumns = ['income', 'employment', 'education', 'health', 'crime', 'barriers', 'living_environment', 'idaci', 'idaopi'];
const subDomainColumns = ['children_young_people', 'adult_skills', 'geographical_barriers', 'wider_barriers', 'indoors', 'outdoors'];

const measureOf = (row: Row, column: string) => ({
  score: Number(row[`${column}_score`]),
  rank: Number(row[`${column}_rank`]),
  decile: Number(row[`${column}_decile`]),
});

const measuresOf = <K extends string>(row: Row, keys: readonly (readonly [K, string])[], columns: readonly string[]) =>
  Object.fromEntries(keys.map(([key], i) => [key, measureOf(row, columns[i] as string)])) as Record<K, ReturnType<typeof measureOf>>;

const count = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));

export const describeDeprivation = async (db: pg.Pool, postcode: string): Promise<Result> => {
  if (postcode.startsWith('BT')) return refused('OUTSIDE_ENGLAND', `${postcode} is in Northern Ireland; the indices cover England.`);
  const found = await readModels.placeQueries.lookUpPostcode(db, postcode);
  if (!found) return refused('POSTCODE_NOT_FOUND', `No postcode dataset serving holds ${postcode}.`);
  const country = found.areas.countryCode;
  const nation = country && country !== 'E92000001' ? (nations[country] ?? `country ${country}`) : undefined;
  if (nation) return refused('OUTSIDE_ENGLAND', `${postcode} is in ${nation}; the English indices cover England only.`);
  const lsoa = await area2021Of(
    found.areas,
    'lsoa',
    async (code) => (await db.query('SELECT 1 FROM iod_lsoa_scores WHERE lsoa_code = $1', [code])).rows.length > 0,
  );
  if ('unresolved' in lsoa) {
    // Without the directory, a 2011 LSOA missing from the indices is a changed area only if the indices imported cover
    // its local authority at all (the demo region's rows cover three).
    const lad = found.areas.localAuthorityCode;
    const covered = lad !== null && (await db.query('SELECT 1 FROM iod_lsoa_scores WHERE lad_code = $1 LIMIT 1', [lad])).rows.length > 0;
    return covered
      ? refused('AREA_2021_UNKNOWN', `The 2021 LSOA of ${postcode} is not known: ${lsoa.unresolved}.`)
      : refused('DEPRIVATION_NOT_FOUND', `The indices imported hold no area of ${postcode}'s local authority${lad ? ` (${lad})` : ''}.`);
  }
  const row = (await db.query<Row>('SELECT * FROM iod_lsoa_scores WHERE lsoa_code = $1', [lsoa.code])).rows[0];
  if (!row) return refused('DEPRIVATION_NOT_FOUND', `The indices imported hold no row for LSOA ${lsoa.code} (${postcode}).`);
  const data: DeprivationResult = {
    postcode,
    lsoa: { code: lsoa.code, name: String(row.lsoa_name ?? ''), via: lsoa.via },
    localAuthority: { code: String(row.lad_code ?? ''), name: String(row.lad_name ?? '') },
    overall: measureOf(row, 'imd'),
    domains: measuresOf(row, deprivationDomains, domainColumns),
    subDomains: measuresOf(row, deprivationSubDomains, subDomainColumns),
    population: {
      total: count(row.population_total),
      children0to15: count(row.population_children),
      olderPeople60Plus: count(row.population_older),
      workingAge18to66: count(row.population_working_age),
    },
  };
  return { ok: true, data: { data, sources: await readModels.datasetQueries.sources(db, ['iod', ...found.areas.datasets]) } };
};
