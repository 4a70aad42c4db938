import type { CensusAgeBands, CensusAreaFigures, CensusBreakdown } from '@pds/contracts';
import { ageRangeOf, censusTableById, totalKey, ts001, ts007a, ts044, ts054, type CensusTable } from '../datasets/census-2021-tables';

// An area's figures from its stored counts (census_2021_counts): pure, so the arithmetic is tested by hand
// (area-figures.unit.spec.ts). Counts are given as published. Each share is of its own table's published total for the
// area, never of another table's or of a sum, since ONS's perturbation makes those differ by a few.

/** One stored count of an area. */
export interface StoredCount {
  census_table: string;
  category: string;
  label: string;
  count: number;
}

export type Figures = Omit<CensusAreaFigures, 'code' | 'name'>;

/** `count` as a percentage of `total`, one decimal, half up; null when the total is 0. */
export const sharePercent = (count: number, total: number): number | null => (total === 0 ? null : Math.round((count * 1000) / total) / 10);

/** A table's counts by category key, or undefined when the area has none of the table. */
const countsOf = (rows: readonly StoredCount[], table: CensusTable) => {
  const of = rows.filter((r) => r.census_table === table.id);
  if (of.length === 0) return undefined;
  const byKey = new Map(of.map((r) => [r.category, r]));
  const get = (key: string) => {
    const row = byKey.get(key);
    // The importer stores every column of a table's line or none of it: a gap is a defect, not a zero.
    if (!row) throw new Error(`${table.name}: no stored count of ${key}`);
    return row;
  };
  return { get, total: get(totalKey).count };
};

export const breakdownOf = (rows: readonly StoredCount[], table: CensusTable): CensusBreakdown | null => {
  const counts = countsOf(rows, table);
  if (!counts) return null;
  const item = (key: string) => {
    const { label, count } = counts.get(key);
    return { key, label, count, sharePercent: sharePercent(count, counts.total) };
  };
  return {
    table: table.name,
    total: counts.total,
    categories: table.categories
      .filter((c) => c.partOf === undefined)
      .map((c) => ({ ...item(c.key), parts: table.categories.filter((p) => p.partOf === c.key).map((p) => item(p.key)) })),
  };
};

export const ageBandsOf = (rows: readonly StoredCount[]): CensusAgeBands | null => {
  const counts = countsOf(rows, ts007a);
  if (!counts) return null;
  return {
    table: 'TS007A',
    total: counts.total,
    bands: ts007a.categories.map((c) => {
      const { label, count } = counts.get(c.key);
      const range = ageRangeOf(label);
      if (!range) throw new Error(`TS007A: ${JSON.stringify(label)} is not an age band`);
      return { label, ...range, count, sharePercent: sharePercent(count, counts.total) };
    }),
  };
};

/** Every figure of an area the stored counts hold; a table not held is null. */
export const figuresOf = (rows: readonly StoredCount[]): Figures => {
  const unknown = rows.find((r) => censusTableById(r.census_table) === undefined);
  if (unknown) throw new Error(`a stored count of an unknown table: ${unknown.census_table}`);
  const ageBands = ageBandsOf(rows);
  const tenure = breakdownOf(rows, ts054);
  return {
    population: ageBands?.total ?? null,
    households: tenure?.total ?? null,
    ageBands,
    tenure,
    accommodationType: breakdownOf(rows, ts044),
    residenceType: breakdownOf(rows, ts001),
  };
};

/**
 * The local authority an LSOA or MSOA lies in, from its name: ONS names each for the local authority it nests in, then
 * a three-digit MSOA number and, for an LSOA, a letter (`Reading 011D`, `Reading 011`).
 */
export const authorityOfAreaName = (name: string): string | undefined => /^(.*\S)\s+\d{3}[A-Z]?$/.exec(name.trim())?.[1];

/**
 * Of the local authorities whose names begin with an area's authority name, the code of the one it names: the one of
 * that name, else the only one. ONS names four authorities in full where their areas use a short form (Bristol, City
 * of; Herefordshire, County of; Kingston upon Hull, City of; Rhondda Cynon Taff, whose areas say Taf); over the
 * national TS054 files this finds each of the 331 authorities from the names of its LSOAs and MSOAs, and no other.
 */
export const authorityNamed = (candidates: readonly { code: string; name: string }[], name: string): string | undefined => {
  const exact = candidates.find((c) => c.name === name);
  if (exact) return exact.code;
  const codes = [...new Set(candidates.filter((c) => c.name.startsWith(name)).map((c) => c.code))];
  return codes.length === 1 ? codes[0] : undefined;
};
