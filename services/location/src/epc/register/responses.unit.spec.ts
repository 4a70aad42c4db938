import { certificateOfDocument, certificateOfSearchRow } from './certificates';
import { errorMessageOf, parseCertificateResponse, parseSearchResponse, RegisterFailure, retryAfterMsOf } from './responses';

// The live register's documented answers, read. The bodies are the documentation's own: api.yml's examples
// (communitiesuk/epb-data-warehouse, api/api.yml) and the RdSAP-Schema-21.0.1 JSON sample its tech docs link to
// (spec/fixtures/json_samples/RdSAP-Schema-21.0.1/epc.json; the keys answers read, with their values as published).

/** api.yml, `/api/domestic/search`, 200 example. */
const searchExample = {
  data: [
    {
      addressLine1: '1 Some Street',
      addressLine2: null,
      addressLine3: null,
      addressLine4: null,
      uprn: 100121241798,
      certificateNumber: '0000-0000-0000-0000-0000',
      constituency: 'Chelsea and Fulham',
      council: 'Hammersmith and Fulham',
      currentEnergyEfficiencyBand: 'B',
      postTown: 'Whitbury',
      postcode: 'SW10 0AA',
      registrationDate: '2020-05-04T00:00:00.000Z',
    },
  ],
  pagination: { totalRecords: 4, currentPage: 1, totalPages: 1, nextPage: null, prevPage: null, pageSize: 5000 },
};

/** The RdSAP-Schema-21.0.1 sample's keys that answers read, as published. */
const rdsapSample = {
  uprn: 12457,
  tenure: 1,
  postcode: 'A0 0AA',
  post_town: 'Whitbury',
  built_form: 2,
  schema_type: 'RdSAP-Schema-21.0.1',
  main_heating: [
    {
      description: { value: 'Boiler and radiators, anthracite', language: '1' },
      energy_efficiency_rating: 3,
      environmental_efficiency_rating: 1,
    },
    {
      description: { value: 'Boiler and radiators, mains gas', language: '1' },
      energy_efficiency_rating: 4,
      environmental_efficiency_rating: 4,
    },
  ],
  sap_heating: { main_heating_details: [{ main_fuel_type: 26, main_heating_number: 1 }] },
  sap_building_parts: [{ identifier: 'Main Dwelling', building_part_number: 1, construction_age_band: 'M' }],
  dwelling_type: 'Mid-terrace house',
  property_type: 0,
  address_line_1: '1 Some Street',
  assessment_type: 'RdSAP',
  inspection_date: '2025-04-04',
  total_floor_area: 55,
  transaction_type: 16,
  registration_date: '2025-04-04',
  habitable_room_count: 5,
  energy_rating_current: 50,
  energy_rating_potential: 72,
  current_energy_efficiency_band: 'E',
  potential_energy_efficiency_band: 'C',
};

describe('a search answer', () => {
  it("reads api.yml's example: a certificate with its band and registration date", () => {
    const body = parseSearchResponse(200, JSON.stringify(searchExample));
    expect(body.pagination.totalRecords).toBe(4);
    expect(certificateOfSearchRow(body.data[0]!)).toMatchObject({
      certificateNumber: '0000-0000-0000-0000-0000',
      uprn: '100121241798',
      address: '1 Some Street',
      postcode: 'SW10 0AA',
      postTown: 'Whitbury',
      currentRating: 'B',
      currentEfficiency: null,
      lodgementDate: '2020-05-04',
      expiresOn: '2030-05-04',
      detail: 'summary',
    });
  });

  it('reads a 404 with the documented body, wrapped in data or not, as nothing found', () => {
    for (const body of [
      { error: 'No certificates could be found for that query' },
      { data: { error: 'No certificates could be found for that query' } },
    ])
      expect(parseSearchResponse(404, JSON.stringify(body)).data).toEqual([]);
  });

  it("refuses a 404 that is not the register's (a wrong URL must not read as no certificates)", () => {
    expect(() => parseSearchResponse(404, '<html>Not Found</html>')).toThrow(RegisterFailure);
  });

  it('refuses an answer that is not JSON, or not the documented shape, as malformed', () => {
    for (const text of ['{"data": [{"addressLine1": "1 Some Str', JSON.stringify({ data: [] }), JSON.stringify({ results: [] })]) {
      const failure = (() => {
        try {
          parseSearchResponse(200, text);
        } catch (error) {
          return error as RegisterFailure;
        }
      })();
      expect(failure?.kind).toBe('malformed');
    }
  });
});

describe('a certificate answer', () => {
  it('reads the RdSAP 21.0.1 sample into the words the bulk files print', () => {
    const document = parseCertificateResponse(200, JSON.stringify({ data: rdsapSample }));
    expect(certificateOfDocument('0000-0000-0000-0000-0001', document!)).toEqual({
      certificateNumber: '0000-0000-0000-0000-0001',
      uprn: '12457',
      address: '1 Some Street',
      postcode: 'A0 0AA',
      postTown: 'Whitbury',
      currentRating: 'E',
      potentialRating: 'C',
      currentEfficiency: 50,
      potentialEfficiency: 72,
      floorAreaSqM: 55,
      habitableRooms: 5,
      estimatedBedrooms: 3,
      lodgementDate: '2025-04-04',
      inspectionDate: '2025-04-04',
      expiresOn: '2035-04-04',
      propertyType: 'House',
      builtForm: 'Semi-Detached',
      // M in RdSAP 21: 2022 onwards.
      constructionAgeBand: 'England and Wales: 2022 onwards',
      mainFuel: 'mains gas (not community)',
      mainHeating: 'Boiler and radiators, anthracite; Boiler and radiators, mains gas',
      transactionType: 'Grant scheme',
      assessorRecordedTenure: 'owner-occupied',
      detail: 'full',
    });
  });

  it('reads "Certificate not found" as none, and a document-less answer as malformed', () => {
    expect(parseCertificateResponse(404, JSON.stringify({ error: 'Certificate not found' }))).toBeNull();
    expect(() => parseCertificateResponse(200, JSON.stringify({ errors: [{ code: 'boom' }] }))).toThrow(/without its document/);
  });
});

describe('a failure', () => {
  it('says what each status means, and which are worth trying again', () => {
    const of = (status: number, body: unknown, retryAfter: string | null = null) =>
      RegisterFailure.ofStatus(status, JSON.stringify(body), retryAfter, 0);
    expect(of(500, { errors: [{ code: 'Unexpected error message here' }] })).toMatchObject({
      kind: 'server_error',
      retryable: true,
      message: 'HTTP 500: Unexpected error message here',
    });
    expect(of(401, { errors: [{ code: 'UNAUTHORISED', title: 'You are not authenticated' }] })).toMatchObject({
      kind: 'unauthorized',
      retryable: false,
    });
    expect(of(403, { errors: [{ code: 'UNAUTHORISED' }] })).toMatchObject({ kind: 'unauthorized', retryable: false });
    expect(of(400, { error: 'The search query was invalid - please provide a valid postcode' })).toMatchObject({
      kind: 'refused',
      retryable: false,
    });
    expect(of(429, {}, '2')).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 2000 });
    expect(of(429, {})).toMatchObject({ kind: 'rate_limited', retryable: false, retryAfterMs: undefined });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMsOf('30', 0)).toBe(30_000);
    expect(retryAfterMsOf('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('2015-10-21T07:28:00Z'))).toBe(5_000);
    expect(retryAfterMsOf('soon', 0)).toBeUndefined();
  });

  it('reads the message of either documented error body', () => {
    expect(errorMessageOf('{"error":"Certificate not found"}')).toBe('Certificate not found');
    expect(errorMessageOf('{"errors":[{"code":"A"},{"code":"B","title":"Bee"}]}')).toBe('A; Bee');
    expect(errorMessageOf('not json')).toBeUndefined();
  });
});
