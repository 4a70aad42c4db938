import { z } from '../zod';

// A domestic energy performance certificate as the location service reads it from either of its sources (the bulk
// certificates.csv it imports, or the live register's API), in one shape, for its EPC and floor-area answers.

export const EnergyRating = z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G']).openapi({ example: 'C' });
export type EnergyRating = z.infer<typeof EnergyRating>;

/** YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');

/** A domestic energy performance certificate is valid for ten years from its lodgement on the register. */
export const certificateValidityYears = 10;

/** Where a certificate was read. */
export const CertificateOrigin = z.enum(['bulk', 'live_register']).openapi({
  description: '`bulk`: the imported bulk download of the register; `live_register`: the register API, asked at the time of the call',
});
export type CertificateOrigin = z.infer<typeof CertificateOrigin>;

export const EnergyCertificate = z.object({
  /** The register's certificate number (RRN), or the legacy bulk download's LMK_KEY where that is all the row has. */
  certificateNumber: z.string().min(1).max(100),
  uprn: z
    .string()
    .regex(/^\d{1,12}$/)
    .nullable(),
  address: z.string(),
  postcode: z.string(),
  postTown: z.string().nullable(),
  currentRating: EnergyRating.nullable(),
  potentialRating: EnergyRating.nullable(),
  currentEfficiency: z.number().int().nullable(),
  potentialEfficiency: z.number().int().nullable(),
  floorAreaSqM: z.number().positive().nullable(),
  habitableRooms: z.number().int().nonnegative().nullable(),
  /** From `habitableRooms` by the bedroom rule (contracts/src/epc/bedrooms.ts). */
  estimatedBedrooms: z.number().int().nonnegative().nullable(),
  lodgementDate: IsoDate,
  inspectionDate: IsoDate.nullable(),
  /** The tenth anniversary of the lodgement (the register's own documents give the day before as the last valid day). */
  expiresOn: IsoDate,
  propertyType: z.string().nullable(),
  builtForm: z.string().nullable(),
  constructionAgeBand: z.string().nullable(),
  mainFuel: z.string().nullable(),
  mainHeating: z.string().nullable(),
  transactionType: z.string().nullable(),
  /** The occupancy the assessor recorded (owner-occupied, rented (social), rented (private)): never legal tenure. */
  assessorRecordedTenure: z.string().nullable(),
  /**
   * `full`: every field the source has; `summary`: a live register search row (address, UPRN, number, current band and
   * date only: the register is asked for the full document of the latest certificate alone).
   */
  detail: z.enum(['full', 'summary']),
});
export type EnergyCertificate = z.infer<typeof EnergyCertificate>;

/** The lodgement date plus ten years; 29 February falls to 28 February when the year has none. */
export const expiryOf = (lodgementDate: string): string => {
  const [y, m, d] = lodgementDate.split('-').map(Number) as [number, number, number];
  const year = y + certificateValidityYears;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
