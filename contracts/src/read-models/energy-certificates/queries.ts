import { estimatedBedrooms } from '../../epc/bedrooms';
import { expiryOf, type EnergyCertificate, type EnergyRating } from '../../epc/certificate';
import { defineQueries } from '../read-model';
import { energyCertificates } from './contract';

// The location service's published reads of the imported bulk certificates (the `epc_domestic_certificates` view of the
// serving version), for one UPRN, one postcode or a district's postcodes. A certificate published twice (in two
// releases' files loaded together, say) is read once: its row lodged last.

/** A postcode's certificates are few (a block of flats over fifteen years: hundreds); more than this is not a postcode. */
const maxCandidates = 5_000;

export interface BulkRow {
  certificate_number: string;
  uprn: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address: string;
  postcode: string;
  post_town: string | null;
  current_energy_rating: string | null;
  potential_energy_rating: string | null;
  current_energy_efficiency: number | null;
  potential_energy_efficiency: number | null;
  total_floor_area: number | null;
  number_habitable_rooms: number | null;
  lodgement_date: string;
  inspection_date: string | null;
  property_type: string | null;
  built_form: string | null;
  construction_age_band: string | null;
  main_fuel: string | null;
  mainheat_description: string | null;
  transaction_type: string | null;
  tenure: string | null;
}

const selected = `
  SELECT DISTINCT ON (certificate_number)
         certificate_number, uprn, address1, address2, address3, address, postcode, post_town, current_energy_rating,
         potential_energy_rating, current_energy_efficiency, potential_energy_efficiency, total_floor_area,
         number_habitable_rooms, to_char(lodgement_date, 'YYYY-MM-DD') AS lodgement_date,
         to_char(inspection_date, 'YYYY-MM-DD') AS inspection_date, property_type, built_form, construction_age_band,
         main_fuel, mainheat_description, transaction_type, tenure
    FROM ${energyCertificates.relation}`;
const newestFirst = 'ORDER BY certificate_number, lodgement_date DESC, lodgement_datetime DESC NULLS LAST';

export const certificateQueries = defineQueries([energyCertificates], {
  /** The certificates carrying a UPRN, and those of the same postcodes carrying none (which may be the same property). */
  forUprn: async (db, uprn: string): Promise<BulkRow[]> =>
    (
      await db.query<BulkRow>(
        `${selected}
          WHERE postcode IN (SELECT postcode FROM ${energyCertificates.relation} WHERE uprn = $1) AND (uprn = $1 OR uprn IS NULL)
          ${newestFirst} LIMIT ${maxCandidates}`,
        [uprn],
      )
    ).rows,

  /** A postcode's certificates. */
  forPostcode: async (db, postcode: string): Promise<BulkRow[]> =>
    (await db.query<BulkRow>(`${selected} WHERE postcode = $1 ${newestFirst} LIMIT ${maxCandidates}`, [postcode])).rows,

  /** The certificates of several postcodes (a district's, for a valuation), without the detail an answer shows. */
  forPostcodes: async (db, postcodes: readonly string[]): Promise<DistrictCertificateRow[]> =>
    (
      await db.query<DistrictCertificateRow>(
        `SELECT DISTINCT ON (certificate_number) certificate_number, uprn, address1, address2, address3, address, postcode,
                total_floor_area, to_char(lodgement_date, 'YYYY-MM-DD') AS lodgement_date, property_type, built_form
           FROM ${energyCertificates.relation} WHERE postcode = ANY($1)
          ORDER BY certificate_number, lodgement_date DESC`,
        [postcodes],
      )
    ).rows,
});

export type DistrictCertificateRow = Pick<
  BulkRow,
  | 'certificate_number'
  | 'uprn'
  | 'address1'
  | 'address2'
  | 'address3'
  | 'address'
  | 'postcode'
  | 'total_floor_area'
  | 'lodgement_date'
  | 'property_type'
  | 'built_form'
>;

/** The address as lines (ADDRESS1, 2, 3) when the row has them, for matching; else the one-line address. */
export const bulkRowAddress = (row: Pick<BulkRow, 'address1' | 'address2' | 'address3' | 'address'>): string =>
  [row.address1, row.address2, row.address3].filter((l) => l !== null).join(', ') || row.address;

const rating = (text: string | null) => (text !== null && /^[A-G]$/.test(text) ? (text as EnergyRating) : null);

export const certificateOfBulkRow = (row: BulkRow): EnergyCertificate => ({
  certificateNumber: row.certificate_number,
  uprn: row.uprn,
  address: row.address,
  postcode: row.postcode,
  postTown: row.post_town,
  currentRating: rating(row.current_energy_rating),
  potentialRating: rating(row.potential_energy_rating),
  currentEfficiency: row.current_energy_efficiency,
  potentialEfficiency: row.potential_energy_efficiency,
  floorAreaSqM: row.total_floor_area,
  habitableRooms: row.number_habitable_rooms,
  estimatedBedrooms: estimatedBedrooms(row.number_habitable_rooms),
  lodgementDate: row.lodgement_date,
  inspectionDate: row.inspection_date,
  expiresOn: expiryOf(row.lodgement_date),
  propertyType: row.property_type,
  builtForm: row.built_form,
  constructionAgeBand: row.construction_age_band,
  mainFuel: row.main_fuel,
  mainHeating: row.mainheat_description,
  transactionType: row.transaction_type,
  assessorRecordedTenure: row.tenure,
  detail: 'full',
});
