// The Census 2021 tables the census-2021 importer reads, as Nomis publishes them in its bulk files
// (https://www.nomisweb.co.uk/census/2021/bulk: `census2021-tsNNN.zip`, one CSV per geography, "the first row of the CSV
// file contains the column headings"). After `date`, `geography` and `geography code`, each column is
// "<Variable>: <category>", in some tables followed by "; measures: Value". A table is known by its variable and the
// exact set of its categories; each category has a stable key (what the answer names it), and a sub-category names
// the category it is part of (the published label says so: "Owned: Owns outright" is part of "Owned").
//
// Evidence for each header, as /work/research/iod-census.md §2.2 records it:
// - TS007A and TS054: VERIFIED, read in the real Nomis files (talentseek/flourish at 14320920, blobs in §2.4), whose
//   LSOA, MSOA and LTLA members have identical headers, with no "; measures: Value" suffix.
// - TS044: SECONDARY (no real file found): the nine labels as a Nomis catalogue (index id 42514602138) and independent
//   code reading the bulk file (ids 69171789708, 32354195484, 58226941717) give them. Three labels contain commas, so
//   in the file they are double-quoted, like every published field with a comma; this reader parses quoted fields, so
//   either way it reads them. Tested only on a SYNTHETIC fixture.
// - TS001: SECONDARY: `Residence type: Total; measures: Value` and its two categories with the suffix, read from
//   `census2021-ts001-*.csv` by several independent projects (research ids 56196981182, 55227370644, 25213282578;
//   also 58360708337, 68494864987, 69659528531, 71359090603, the last with the whole header line).
// - TS041 (number of households) is not read: one hand-built catalogue with typos and one type declaration are its
//   only evidence, and TS054's total already gives the households.

export type CensusTableId = 'ts007a' | 'ts054' | 'ts044' | 'ts001';

export interface CensusCategory {
  key: string;
  /** The category as published, after "<Variable>: " (and before any "; measures: Value"). */
  label: string;
  /** The key of the category this one is part of. */
  partOf?: string;
}

export interface CensusTable {
  id: CensusTableId;
  /** As ONS names it: TS007A. */
  name: string;
  title: string;
  evidence: 'verified' | 'secondary';
  variable: string;
  /** The label of the table's total column. */
  totalLabel: string;
  categories: readonly CensusCategory[];
}

/** The key every table's total is stored under. */
export const totalKey = 'total';

const ageBand = (label: string, key: string): CensusCategory => ({ key, label });

export const ts007a: CensusTable = {
  id: 'ts007a',
  name: 'TS007A',
  title: 'Age by five-year age bands',
  evidence: 'verified',
  variable: 'Age',
  totalLabel: 'Total',
  categories: [
    ageBand('Aged 4 years and under', 'aged_0_to_4'),
    ageBand('Aged 5 to 9 years', 'aged_5_to_9'),
    ageBand('Aged 10 to 14 years', 'aged_10_to_14'),
    ageBand('Aged 15 to 19 years', 'aged_15_to_19'),
    ageBand('Aged 20 to 24 years', 'aged_20_to_24'),
    ageBand('Aged 25 to 29 years', 'aged_25_to_29'),
    ageBand('Aged 30 to 34 years', 'aged_30_to_34'),
    ageBand('Aged 35 to 39 years', 'aged_35_to_39'),
    ageBand('Aged 40 to 44 years', 'aged_40_to_44'),
    ageBand('Aged 45 to 49 years', 'aged_45_to_49'),
    ageBand('Aged 50 to 54 years', 'aged_50_to_54'),
    ageBand('Aged 55 to 59 years', 'aged_55_to_59'),
    ageBand('Aged 60 to 64 years', 'aged_60_to_64'),
    ageBand('Aged 65 to 69 years', 'aged_65_to_69'),
    ageBand('Aged 70 to 74 years', 'aged_70_to_74'),
    ageBand('Aged 75 to 79 years', 'aged_75_to_79'),
    ageBand('Aged 80 to 84 years', 'aged_80_to_84'),
    ageBand('Aged 85 years and over', 'aged_85_and_over'),
  ],
};

export const ts054: CensusTable = {
  id: 'ts054',
  name: 'TS054',
  title: 'Tenure',
  evidence: 'verified',
  variable: 'Tenure of household',
  totalLabel: 'Total: All households',
  categories: [
    { key: 'owned', label: 'Owned' },
    { key: 'owns_outright', label: 'Owned: Owns outright', partOf: 'owned' },
    { key: 'owns_with_mortgage_or_loan', label: 'Owned: Owns with a mortgage or loan', partOf: 'owned' },
    { key: 'shared_ownership', label: 'Shared ownership' },
    { key: 'shared_ownership_only', label: 'Shared ownership: Shared ownership', partOf: 'shared_ownership' },
    { key: 'social_rented', label: 'Social rented' },
    { key: 'rents_from_council', label: 'Social rented: Rents from council or Local Authority', partOf: 'social_rented' },
    { key: 'other_social_rented', label: 'Social rented: Other social rented', partOf: 'social_rented' },
    { key: 'private_rented', label: 'Private rented' },
    { key: 'private_landlord_or_letting_agency', label: 'Private rented: Private landlord or letting agency', partOf: 'private_rented' },
    { key: 'other_private_rented', label: 'Private rented: Other private rented', partOf: 'private_rented' },
    { key: 'lives_rent_free', label: 'Lives rent free' },
  ],
};

export const ts044: CensusTable = {
  id: 'ts044',
  name: 'TS044',
  title: 'Accommodation type',
  evidence: 'secondary',
  variable: 'Accommodation type',
  totalLabel: 'Total: All households',
  categories: [
    { key: 'detached', label: 'Detached' },
    { key: 'semi_detached', label: 'Semi-detached' },
    { key: 'terraced', label: 'Terraced' },
    { key: 'purpose_built_flat', label: 'In a purpose-built block of flats or tenement' },
    { key: 'converted_or_shared_house', label: 'Part of a converted or shared house, including bedsits' },
    {
      key: 'other_converted_building',
      label: 'Part of another converted building, for example, former school, church or warehouse',
    },
    {
      key: 'commercial_building',
      label: 'In a commercial building, for example, in an office building, hotel or over a shop',
    },
    { key: 'caravan_or_temporary_structure', label: 'A caravan or other mobile or temporary structure' },
  ],
};

export const ts001: CensusTable = {
  id: 'ts001',
  name: 'TS001',
  title: 'Number of usual residents in households and communal establishments',
  evidence: 'secondary',
  variable: 'Residence type',
  totalLabel: 'Total',
  categories: [
    { key: 'lives_in_household', label: 'Lives in a household' },
    { key: 'lives_in_communal_establishment', label: 'Lives in a communal establishment' },
  ],
};

export const censusTables: readonly CensusTable[] = [ts007a, ts054, ts044, ts001];

export const censusTableById = (id: string): CensusTable | undefined => censusTables.find((t) => t.id === id);

/** The age range of a TS007A band, from its published label. */
export const ageRangeOf = (label: string): { minAge: number; maxAge: number | null } | undefined => {
  const under = /^Aged (\d+) years and under$/.exec(label);
  if (under) return { minAge: 0, maxAge: Number(under[1]) };
  const between = /^Aged (\d+) to (\d+) years$/.exec(label);
  if (between) return { minAge: Number(between[1]), maxAge: Number(between[2]) };
  const over = /^Aged (\d+) years and over$/.exec(label);
  if (over) return { minAge: Number(over[1]), maxAge: null };
  return undefined;
};
