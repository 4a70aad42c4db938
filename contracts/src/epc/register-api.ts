import { z } from '../zod';

// MHCLG's "Get energy performance of buildings data" API as it documents itself: the OpenAPI description in
// communitiesuk/epb-data-warehouse (api/api.yml), the service's technical documentation (communitiesuk/epb-data-frontend,
// lib/views/api_tech_docs/*.erb) and the JSON samples of each schema it links to
// (epb-data-warehouse spec/fixtures/json_samples/<schema>/epc.json). The location service's adapter reads these shapes;
// the test environment (infra/src/epc-simulator) writes them. GET only, `Authorization: Bearer <token>`, parameters in
// the query string. Production: https://api.get-energy-performance-data.communities.gov.uk

export const registerApiPaths = {
  domesticSearch: '/api/domestic/search',
  certificate: '/api/certificate',
} as const;

/** `page_size` is 1 to 5000 (the tech docs; 400 otherwise). */
export const registerMaxPageSize = 5_000;

/** One row of `/api/domestic/search` (api.yml `EnergyAssessmentSearchResult`). */
export const RegisterSearchRow = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().nullable().optional(),
  addressLine3: z.string().nullable().optional(),
  addressLine4: z.string().nullable().optional(),
  /** An integer in the documents; null where the register has none. */
  uprn: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,12}$/)]).nullable(),
  certificateNumber: z.string().min(1),
  constituency: z.string().nullable().optional(),
  council: z.string().nullable().optional(),
  currentEnergyEfficiencyBand: z.string().nullable(),
  postTown: z.string().nullable().optional(),
  postcode: z.string(),
  /** api.yml gives `2020-05-04T00:00:00.000Z` (format date-time); the tech docs `2020-05-04`. */
  registrationDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
});
export type RegisterSearchRow = z.infer<typeof RegisterSearchRow>;

export const RegisterPagination = z.object({
  totalRecords: z.number().int().nonnegative(),
  currentPage: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
  nextPage: z.number().int().nullable(),
  prevPage: z.number().int().nullable(),
  pageSize: z.number().int().nullable(),
});

export const RegisterSearchResponse = z.object({ data: z.array(RegisterSearchRow), pagination: RegisterPagination });
export type RegisterSearchResponse = z.infer<typeof RegisterSearchResponse>;

const described = z.object({ description: z.union([z.string(), z.object({ value: z.string() })]) }).passthrough();

/**
 * The fields of a domestic certificate document (`/api/certificate` → `{data: {...}}`) that answers use, as the RdSAP
 * and SAP JSON samples name them (snake_case; codes where the schema has codes). Documents carry many more keys, and
 * which ones varies by schema: everything is optional and the rest passes through.
 */
export const RegisterCertificateDocument = z
  .object({
    uprn: z.union([z.number(), z.string()]).nullable(),
    address_line_1: z.string(),
    address_line_2: z.string().nullable(),
    address_line_3: z.string().nullable(),
    address_line_4: z.string().nullable(),
    post_town: z.string().nullable(),
    postcode: z.string(),
    schema_type: z.string(),
    assessment_type: z.string(),
    current_energy_efficiency_band: z.string(),
    potential_energy_efficiency_band: z.string(),
    energy_rating_current: z.number(),
    energy_rating_potential: z.number(),
    total_floor_area: z.union([z.number(), z.string()]),
    habitable_room_count: z.number(),
    inspection_date: z.string(),
    registration_date: z.string(),
    property_type: z.union([z.number(), z.string()]),
    built_form: z.union([z.number(), z.string()]),
    tenure: z.union([z.number(), z.string()]),
    transaction_type: z.union([z.number(), z.string()]),
    dwelling_type: z.string(),
    main_heating: z.union([z.array(described), described]),
    sap_heating: z
      .object({ main_heating_details: z.array(z.object({ main_fuel_type: z.union([z.number(), z.string()]) }).passthrough()) })
      .passthrough(),
    sap_building_parts: z.array(z.object({ construction_age_band: z.string() }).passthrough()),
  })
  .partial()
  .passthrough();
export type RegisterCertificateDocument = z.infer<typeof RegisterCertificateDocument>;

export const RegisterCertificateResponse = z.object({ data: RegisterCertificateDocument });

/**
 * Error bodies: api.yml documents `{"error": "…"}` (400, 404) and `{"errors": [{"code": "…"}]}` (500, and a refused
 * token); the service's own controllers wrap the first in `data` (`{"data": {"error": "…"}}`), so both are read.
 */
export const RegisterErrorBody = z.union([
  z.object({ error: z.string() }),
  z.object({ errors: z.array(z.object({ code: z.string(), title: z.string().optional() })) }),
  z.object({ data: z.object({ error: z.string() }) }),
]);
export type RegisterErrorBody = z.infer<typeof RegisterErrorBody>;

/** api.yml's messages, as the test environment answers them. */
export const registerMessages = {
  noCertificates: 'No certificates could be found for that query',
  certificateNotFound: 'Certificate not found',
  invalidPostcode: 'The search query was invalid - please provide a valid postcode',
  invalidUprn: 'The search query was invalid - the uprn should be an integer greater than 0',
  missingParameters: 'The search query was invalid - please provide a valid date range or search parameter',
  invalidPageSize: 'The search query was invalid - provide valid page_size between 1 and 5000',
} as const;
