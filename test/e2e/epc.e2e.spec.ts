import { epcSimulatorDescription } from '@pds/infra';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { demoFile, e2eFixture, type ImportSummary } from '../support/e2e';

// GET /property/epc and /property/floor-area through the whole stack: the demo region's SYNTHETIC bulk certificates
// imported with the import command, the live register's test environment serving the synthetic register. Expected
// values are the files' own (each certificate quoted beside its test: LMK_KEY, address, postcode, lodgement date, and
// the fields asserted), charges and balances worked out by hand: 5 credits an EPC, 3 a floor area, 0 for a refusal.

const synthetic = 'SYNTHETIC certificates for the EPC end-to-end test, made by infra/demo-data/src/epc/generate.ts';

// The register the test environment serves: the synthetic register, and two certificates made here for one address
// under two UPRNs (7 Example Road, RG31 9ZZ: a postcode with no other certificate), which no address can tell apart.
const registerFile = join(mkdtempSync(join(tmpdir(), 'pds-epc-e2e-')), 'register.json');
const register = JSON.parse(gunzipSync(readFileSync(demoFile('SYNTHETIC_epc_register_RG30_RG31.json.gz'))).toString('utf8'));
const madeHere = (certificateNumber: string, uprn: number) => ({
  certificateNumber,
  council: 'Reading',
  constituency: 'Reading West',
  document: {
    uprn,
    address_line_1: '7 Example Road',
    post_town: 'Reading',
    postcode: 'RG31 9ZZ',
    schema_type: 'RdSAP-Schema-21.0.1',
    assessment_type: 'RdSAP',
    current_energy_efficiency_band: 'C',
    registration_date: '2026-06-01',
  },
});
register.certificates.push(madeHere('0000-0000-0000-0000-0071', 990000000071), madeHere('0000-0000-0000-0000-0072', 990000000072));
writeFileSync(registerFile, JSON.stringify(register));

const world = e2eFixture({ env: { EPC_REGISTER_FILE: registerFile }, caller: { credits: 1_000 } });
let imported: ImportSummary;
beforeAll(async () => {
  imported = await world.importDataset('epc-domestic', [demoFile('SYNTHETIC_epc_domestic_RG30_RG31.zip')], { synthetic });
});

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Calls `path`, checking what it charged: the header, the billing object, and the balance before and after. */
const charged = (path: string, credits: number) => world.caller.paying(credits).get(path);

const bulkSource = () => ({
  dataset: 'epc-domestic',
  title: 'Energy Performance of Buildings Data: domestic certificates (England and Wales)',
  publisher: 'Ministry of Housing, Communities and Local Government',
  vintage: imported.vintage,
  licence: 'Open Government Licence v3.0 (address data: the Ordnance Survey and Royal Mail notice)',
  attribution: synthetic,
  synthetic: true,
});

describe('the synthetic bulk certificates, imported', () => {
  it('load whole: 1,370 certificates (1000 addresses), lodged to the release of 30 April 2026', () => {
    // generate.ts: "1000 addresses: 1370 certificates in SYNTHETIC_epc_domestic_RG30_RG31.zip"; releaseDate 2026-04-30.
    expect(imported).toMatchObject({ dataset: 'epc-domestic', rows: 1_370, rejected: 0 });
    expect(imported.vintage).toMatch(/^lodged to 2026-04-\d\d$/);
  });
});

describe('GET /property/epc from the bulk download', () => {
  it('by UPRN: the latest certificate in full, the earlier ones (one without a UPRN) as history; 5 credits', async () => {
    // 22a Bitterne Avenue, Tilehurst, RG31 4SP: three certificates. 2019-06-27 (0a9667c4…, UPRN 993834386908): C 72 / A 92,
    // inspected 2019-06-24, House, Semi-Detached, 1950-1966, 81.94 m², electricity, "Room heaters, electric", ECO
    // assessment, owner-occupied; 2015-07-04 (eeb02fda…, no UPRN, the same address): D 63; 2010-01-26 (2e1412e2…): D 58.
    const r = await charged('/property/epc?uprn=993834386908', 5);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      property: { uprn: '993834386908', address: '22a Bitterne Avenue, Tilehurst', postcode: 'RG31 4SP' },
      matchedBy: 'uprn',
      origin: 'bulk',
      latest: {
        certificateNumber: '0a9667c4f0cae54973b94da6b9e38b1e8bba43e6aaaf29c90cb608b27ede29bb',
        currentRating: 'C',
        currentEfficiency: 72,
        potentialRating: 'A',
        potentialEfficiency: 92,
        floorAreaSqM: 81.94,
        lodgementDate: '2019-06-27',
        inspectionDate: '2019-06-24',
        expiresOn: '2029-06-27',
        expired: false,
        propertyType: 'House',
        builtForm: 'Semi-Detached',
        constructionAgeBand: 'England and Wales: 1950-1966',
        mainFuel: 'electricity (not community)',
        mainHeating: 'Room heaters, electric',
        transactionType: 'ECO assessment',
        assessorRecordedTenure: 'owner-occupied',
      },
      history: [
        {
          certificateNumber: 'eeb02fda9d67a72a7ce691c86ead8d64946514dee54b6a84c1d9a5dee8afcfbf',
          currentRating: 'D',
          currentEfficiency: 63,
          lodgementDate: '2015-07-04',
          inspectionDate: '2015-06-22',
          floorAreaSqM: 81.94,
        },
        {
          certificateNumber: '2e1412e2a7aa2e5d19687a850a7cb8d0dbe6131ba58ad0a62abed1f8f01abf21',
          currentRating: 'D',
          currentEfficiency: 58,
          lodgementDate: '2010-01-26',
          inspectionDate: '2010-01-16',
          floorAreaSqM: 81.94,
        },
      ],
    });
    expect(r.body.sources).toEqual([bulkSource()]);
  });

  it('by address, however written: a flat of a numbered range, abbreviated, lower case, postcode without its space', async () => {
    // Flat C, 471 - 473 Oxford Road, RG30 1HF (UPRN 992609168084): 2019-06-16 (d7a42233…) D 66 / C 79, 79.72 m²;
    // 2017-04-01 (418c5048…) D 60; 2014-05-02 (129d93ee…) D 57.
    const r = await charged(`/property/epc?${query({ address: 'flat c 471-473 oxford rd, reading', postcode: 'rg301hf' })}`, 5);
    expect(r.body.data).toMatchObject({
      property: { uprn: '992609168084', address: 'Flat C, 471 - 473 Oxford Road', postcode: 'RG30 1HF' },
      matchedBy: 'address',
      latest: {
        certificateNumber: 'd7a42233af27a5963b46f39a3909aff272e1762585261e3adfb009e906ba07a6',
        currentRating: 'D',
        currentEfficiency: 66,
        potentialRating: 'C',
      },
    });
    expect(r.body.data.history.map((h: any) => [h.lodgementDate, h.currentRating, h.currentEfficiency])).toEqual([
      ['2017-04-01', 'D', 60],
      ['2014-05-02', 'D', 57],
    ]);
  });

  it('tells 22A from 22: the house of another number is not this one, and nothing is charged', async () => {
    const r = await charged(`/property/epc?${query({ address: '22 Bitterne Avenue', postcode: 'RG31 4SP' })}`, 0);
    // RG31 4SP's certificates in the bulk download are of other houses; the live register has none of 22 either.
    expect([r.status, r.body.error.code]).toEqual([404, 'EPC_NOT_FOUND']);
  });
});

describe('GET /property/floor-area', () => {
  it('the latest floor area in m² and ft², with habitable rooms and the bedrooms they suggest; 3 credits', async () => {
    // Flat C, 471 - 473 Oxford Road: 79.72 m² × 10.7639104 = 858.10 ft² → 858; 4 habitable rooms → 4 − 1 = 3 bedrooms.
    const r = await charged('/property/floor-area?uprn=992609168084', 3);
    expect(r.body.data).toEqual({
      property: { uprn: '992609168084', address: 'Flat C, 471 - 473 Oxford Road', postcode: 'RG30 1HF' },
      matchedBy: 'uprn',
      origin: 'bulk',
      floorArea: { squareMetres: 79.72, squareFeet: 858 },
      certificate: {
        certificateNumber: 'd7a42233af27a5963b46f39a3909aff272e1762585261e3adfb009e906ba07a6',
        lodgementDate: '2019-06-16',
        inspectionDate: '2019-06-14',
        latest: true,
      },
      habitableRooms: 4,
      estimatedBedrooms: 3,
    });
    expect(r.body.sources).toEqual([bulkSource()]);
  });

  it("takes an earlier certificate's when the latest records none (NO DATA!), and says so", async () => {
    // 44 Bay Tree Rise, Calcot, RG31 4RG (UPRN 997938262614): 2013-06-04 (5fc3b0fd…) TOTAL_FLOOR_AREA "NO DATA!";
    // 2009-09-14 (97a3ec4b…) 169.77 m² × 10.7639104 = 1,827.39 ft² → 1,827; 8 habitable rooms → 8 − 3 = 5 bedrooms.
    const r = await charged('/property/floor-area?uprn=997938262614', 3);
    expect(r.body.data).toMatchObject({
      floorArea: { squareMetres: 169.77, squareFeet: 1827 },
      certificate: {
        certificateNumber: '97a3ec4b961a8f5c4b7b90a60631ba8509a1fbdcc2b1e5c3454d52d7a94f9ce3',
        lodgementDate: '2009-09-14',
        latest: false,
      },
      habitableRooms: 8,
      estimatedBedrooms: 5,
    });
  });
});

describe('the live register, when the bulk download has no certificate of the property', () => {
  const registerSource = {
    dataset: 'epc-register',
    title: 'Get energy performance of buildings data: the register, live',
    publisher: 'Ministry of Housing, Communities and Local Government',
    licence: 'Open Government Licence v3.0 (address data: the Ordnance Survey and Royal Mail notice)',
    attribution: epcSimulatorDescription,
    synthetic: true,
  };

  it('answers from the register a certificate lodged since the bulk release; 5 credits', async () => {
    // Register only: 5861-0626-4847-7082-8335, 224 Oxford Road, RG30 1AB, UPRN 991496890608, registered 2026-09-29,
    // inspected 2026-09-25: D 61 / C 75, 93.33 m², property_type 0 (House), built_form 4 (Mid-Terrace), age band F,
    // main fuel 26 (mains gas (not community)), transaction_type 8 (rental), tenure 3 (rented (private)).
    const r = await charged('/property/epc?uprn=991496890608', 5);
    expect(r.body.data).toEqual({
      property: { uprn: '991496890608', address: '224 Oxford Road', postcode: 'RG30 1AB' },
      matchedBy: 'uprn',
      origin: 'live_register',
      latest: {
        certificateNumber: '5861-0626-4847-7082-8335',
        currentRating: 'D',
        currentEfficiency: 61,
        potentialRating: 'C',
        potentialEfficiency: 75,
        floorAreaSqM: 93.33,
        lodgementDate: '2026-09-29',
        inspectionDate: '2026-09-25',
        expiresOn: '2036-09-29',
        expired: false,
        propertyType: 'House',
        builtForm: 'Mid-Terrace',
        constructionAgeBand: 'England and Wales: 1976-1982',
        mainFuel: 'mains gas (not community)',
        mainHeating: 'Boiler and radiators, mains gas',
        transactionType: 'rental',
        assessorRecordedTenure: 'rented (private)',
      },
      history: [],
    });
    expect(r.body.sources).toEqual([{ ...registerSource, vintage: expect.stringMatching(/^live, asked \d{4}-\d\d-\d\dT/) }]);
  });

  it('finds by address a register certificate with no UPRN', async () => {
    // Register only: 0596-9325-0058-3316-7982, 1 Valentia Road, RG30 1DL, no UPRN, 68.75 m², no habitable room count;
    // RG30 1DL's bulk certificates are of 10 and 3b Valentia Road.
    const r = await charged(`/property/floor-area?${query({ address: '1 Valentia Road', postcode: 'RG30 1DL' })}`, 3);
    expect(r.body.data).toMatchObject({
      property: { uprn: null, address: '1 Valentia Road', postcode: 'RG30 1DL' },
      matchedBy: 'address',
      origin: 'live_register',
      floorArea: { squareMetres: 68.75, squareFeet: 740 },
      habitableRooms: null,
      estimatedBedrooms: null,
    });
  });

  it('404 when neither has a certificate of the property, nothing charged', async () => {
    const epc = await charged(`/property/epc?${query({ address: '1 Nowhere Road', postcode: 'RG30 9ZZ' })}`, 0);
    expect([epc.status, epc.body.error.code]).toEqual([404, 'EPC_NOT_FOUND']);
    const floor = await charged('/property/floor-area?uprn=123', 0);
    expect([floor.status, floor.body.error.code]).toEqual([404, 'FLOOR_AREA_NOT_FOUND']);
  });

  it('409 when the address matches two properties, listing them, nothing charged', async () => {
    const r = await charged(`/property/epc?${query({ address: '7 Example Road', postcode: 'RG31 9ZZ' })}`, 0);
    expect([r.status, r.body.error.code]).toEqual([409, 'EPC_ADDRESS_AMBIGUOUS']);
    expect(r.body.error.details).toBe(
      '2 properties of RG31 9ZZ match: 7 Example Road (UPRN 990000000071); 7 Example Road (UPRN 990000000072)',
    );
    expect(r.body.error.candidates).toEqual([
      { uprn: '990000000071', address: '7 Example Road', postcode: 'RG31 9ZZ' },
      { uprn: '990000000072', address: '7 Example Road', postcode: 'RG31 9ZZ' },
    ]);
  });

  it('502 EPC_SERVICE_ERROR when the register fails (500 on every attempt), nothing charged', async () => {
    await world.epcRegister.setFaults([{ mode: 'error' }]);
    const r = await charged('/property/epc?uprn=991496890608', 0);
    expect([r.status, r.body.error.code]).toEqual([502, 'EPC_SERVICE_ERROR']);
    expect(r.body.error.message).toMatch(/HTTP 500.*Nothing was charged/);
  });

  it('502 EPC_SERVICE_ERROR when the register is too slow for the lookup, within the time budget, nothing charged', async () => {
    await world.epcRegister.setFaults([{ mode: 'slow', delayMs: 10_000 }]);
    const started = Date.now();
    const r = await charged('/property/floor-area?uprn=991496890608', 0);
    expect([r.status, r.body.error.code]).toEqual([502, 'EPC_SERVICE_ERROR']);
    // EPC_LIVE_BUDGET_MS, 3.5 s, inside the gateway's 5 s wait.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers from the bulk download while the register fails: a property the bulk holds never needs it', async () => {
    await world.epcRegister.setFaults([{ mode: 'unauthorized' }]);
    await world.epcRegister.resetRequests();
    const r = await charged('/property/epc?uprn=993834386908', 5);
    expect([r.status, r.body.data.origin]).toEqual([200, 'bulk']);
    expect(await world.epcRegister.requests()).toEqual({ search: 0, certificate: 0 });
  });
});

describe('refusals before anything is reserved', () => {
  it('400 OUTSIDE_ENGLAND_AND_WALES for Scotland and Northern Ireland: their certificates are in other registers', async () => {
    for (const postcode of ['EH1 1YZ', 'BT1 5GS']) {
      const r = await charged(`/property/epc?${query({ address: '1 High Street', postcode })}`, 0);
      expect([r.status, r.body.error.code]).toEqual([400, 'OUTSIDE_ENGLAND_AND_WALES']);
      expect(r.body.error.message).toMatch(/Scottish EPC Register/);
    }
  });

  it('400 INVALID_PARAMETERS for both alternatives, neither, or a bad UPRN', async () => {
    const both = await charged(`/property/floor-area?${query({ uprn: '1', address: '1 High Street', postcode: 'RG30 1AB' })}`, 0);
    expect([both.status, both.body.error.code, both.body.error.details]).toEqual([
      400,
      'INVALID_PARAMETERS',
      'uprn: not allowed with address and postcode',
    ]);
    const neither = await charged('/property/epc', 0);
    expect([neither.status, neither.body.error.details]).toEqual([400, 'query: none of uprn, address, postcode given']);
    const bad = await charged('/property/epc?uprn=12345678901234', 0);
    expect([bad.status, bad.body.error.details]).toEqual([400, 'uprn: must be 1 to 12 digits']);
  });
});

describe('without the location service', () => {
  it('504 UPSTREAM_TIMEOUT, nothing charged; answers again once it is back', async () => {
    await world.stack.kill('location');
    try {
      const r = await charged('/property/epc?uprn=993834386908', 0);
      expect([r.status, r.body.error.code]).toEqual([504, 'UPSTREAM_TIMEOUT']);
    } finally {
      world.stack.spawn('location');
      await world.stack.waitUntilHealthy(60_000);
    }
    expect((await charged('/property/epc?uprn=993834386908', 5)).status).toBe(200);
  });
});
