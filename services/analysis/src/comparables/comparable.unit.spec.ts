import { expiryOf, type EnergyCertificate } from '@pds/contracts';
import { estimatedBedrooms, readModels } from '@pds/contracts';

const { addressParts } = readModels;
import { certificateForSale, comparableOf, matchCertificate, saleAddress, type CertificateCandidate, type SaleRow } from './comparable';

// A sale as Price Paid records it, matched to the certificates of its postcode as assessors write addresses. The sales
// are real RG30 2AN records of pp-complete.csv (`{80E1AA97-…}`: 60 WESTERN ELMS AVENUE, £420,000, 14 January 2019, D,
// freehold; `{288DCE28-…}`: FLAT 4, ELM HOUSE, 12, WESTERN ELMS AVENUE); the certificates are made up for the rules.

const sale = (over: Partial<SaleRow>): SaleRow => ({
  price: 420_000,
  transfer_date: '2019-01-14',
  postcode: 'RG30 2AN',
  property_type: 'D',
  new_build: false,
  duration: 'F',
  paon: '60',
  saon: null,
  street: 'WESTERN ELMS AVENUE',
  locality: null,
  town: 'READING',
  ...over,
});

let serial = 0;
const certificate = (address: string, uprn: string | null, over: Partial<EnergyCertificate> = {}): CertificateCandidate => {
  const lodgementDate = over.lodgementDate ?? '2019-10-25';
  const c: EnergyCertificate = {
    certificateNumber: `0000-0000-0000-0000-${String(++serial).padStart(4, '0')}`,
    uprn,
    address,
    postcode: 'RG30 2AN',
    postTown: 'READING',
    currentRating: 'D',
    potentialRating: 'B',
    currentEfficiency: 60,
    potentialEfficiency: 85,
    floorAreaSqM: 210.98,
    habitableRooms: 9,
    estimatedBedrooms: estimatedBedrooms(over.habitableRooms ?? 9),
    inspectionDate: lodgementDate,
    expiresOn: expiryOf(lodgementDate),
    propertyType: 'House',
    builtForm: 'Detached',
    constructionAgeBand: null,
    mainFuel: null,
    mainHeating: null,
    transactionType: 'marketed sale',
    assessorRecordedTenure: 'owner-occupied',
    detail: 'full',
    ...over,
    lodgementDate,
  };
  return { uprn, parts: addressParts(address), certificate: c };
};

describe('a sale as a comparable', () => {
  it('writes the address as HM Land Registry records it: SAON, PAON with its street, locality unless it is the town', () => {
    expect(saleAddress(sale({}))).toBe('60 WESTERN ELMS AVENUE, READING');
    expect(saleAddress(sale({ saon: 'FLAT 24', paon: 'WEST FRYERNE', street: 'PARKSIDE ROAD', locality: 'READING' }))).toBe(
      'FLAT 24, WEST FRYERNE, PARKSIDE ROAD, READING',
    );
    expect(saleAddress(sale({ paon: '92', street: 'RODWAY ROAD', locality: 'TILEHURST' }))).toBe('92 RODWAY ROAD, TILEHURST, READING');
    expect(saleAddress(sale({ paon: 'ELM HOUSE, 12', saon: 'FLAT 4' }))).toBe('FLAT 4, ELM HOUSE, 12, WESTERN ELMS AVENUE, READING');
  });

  it("maps Price Paid's codes, and works the prices per area from the floor area (hand-worked)", () => {
    const c = certificate('60 Western Elms Avenue', '100').certificate;
    expect(comparableOf(sale({}), c)).toEqual({
      address: '60 WESTERN ELMS AVENUE, READING',
      postcode: 'RG30 2AN',
      price: 420_000,
      transactionDate: '2019-01-14',
      propertyType: 'detached',
      newBuild: false,
      estateType: 'freehold',
      floorArea: 210.98,
      energyRating: 'D',
      estimatedBedrooms: 6, // 9 habitable rooms less 3 reception rooms (8 or more rooms)
      pricePerSqM: 1_991, // 420,000 / 210.98 = 1,990.71
      pricePerSqFt: 185, // 420,000 / (210.98 × 10.7639104) = 420,000 / 2,270.964 = 184.94
    });
    const types = ['S', 'T', 'F', 'O'].map((t) => comparableOf(sale({ property_type: t }), null).propertyType);
    expect(types).toEqual(['semi-detached', 'terraced', 'flat', 'unknown']);
    expect(['L', 'U'].map((d) => comparableOf(sale({ duration: d }), null).estateType)).toEqual(['leasehold', 'unknown']);
    expect(comparableOf(sale({ new_build: true }), null)).toMatchObject({
      newBuild: true,
      floorArea: null,
      energyRating: null,
      estimatedBedrooms: null,
      pricePerSqM: null,
      pricePerSqFt: null,
    });
  });

  it('rounds prices per area to whole pounds, a half up', () => {
    const c = certificate('60 Western Elms Avenue', '100', { floorAreaSqM: 80 }).certificate;
    // 250,000 / 80 = 3,125; 250,000 × 0.09290304 / 80 = 290.32
    expect(comparableOf(sale({ price: 250_000 }), c)).toMatchObject({ pricePerSqM: 3_125, pricePerSqFt: 290 });
    // 1,000 / 80 = 12.5; 1,000 × 0.09290304 / 80 = 1.16
    expect(comparableOf(sale({ price: 1_000 }), c)).toMatchObject({ pricePerSqM: 13, pricePerSqFt: 1 });
  });
});

describe('matching a sale to the certificates of its postcode', () => {
  const candidates = [
    certificate('Flat 4, 14 Western Elms Avenue', '11'),
    certificate('6 Western Elms Avenue', '12'),
    certificate('60 Western Elms Avenue', '13', { floorAreaSqM: 210.98 }),
    certificate('2A Western Elms Avenue', '14', { floorAreaSqM: 55 }),
    certificate('2 Western Elms Avenue', '15', { floorAreaSqM: 90 }),
    certificate('Rose Cottage, Western Elms Avenue', '16'),
    certificate('Flat 4, Elm House, 12 Western Elms Avenue', '17', { floorAreaSqM: 48.5 }),
    certificate('8 Western Elms Avenue', '18'),
    certificate('8, Western Elms Avenue', '19'),
  ];
  const uprnOf = (s: Partial<SaleRow>) => {
    const found = matchCertificate(sale(s), candidates);
    return found?.uprn ?? null;
  };

  it('finds a flat by its SAON and its building number', () => expect(uprnOf({ saon: 'FLAT 4', paon: '14' })).toBe('11'));
  it('never takes 6 for 60, nor 2 for 2A', () => {
    expect(uprnOf({ paon: '6' })).toBe('12');
    expect(uprnOf({ paon: '60' })).toBe('13');
    expect(uprnOf({ paon: '2A' })).toBe('14');
    expect(uprnOf({ paon: '2' })).toBe('15');
  });
  it('finds a named house by its name', () => expect(uprnOf({ paon: 'ROSE COTTAGE' })).toBe('16'));
  it('finds a flat of a named and numbered building (PAON "ELM HOUSE, 12")', () =>
    expect(uprnOf({ saon: 'FLAT 4', paon: 'ELM HOUSE, 12' })).toBe('17'));
  it('matches nothing for a flat with no certificate', () => expect(uprnOf({ saon: 'FLAT 3', paon: '14' })).toBeNull());
  it('matches nothing when the address is more than one home (two UPRNs)', () => expect(uprnOf({ paon: '8' })).toBeNull());
  it('matches nothing in a postcode with no certificates', () => expect(matchCertificate(sale({}), [])).toBeNull());
});

describe("the certificate of a sale's home", () => {
  const dates = ['2019-10-25', '2023-09-06', '2015-03-02'].map(
    (lodgementDate) => certificate('60 Western Elms Avenue', '13', { lodgementDate }).certificate,
  );
  const lodged = (saleDate: string) => certificateForSale(dates, saleDate)?.lodgementDate;

  it('is the one lodged last on or before the sale', () => {
    expect(lodged('2021-05-01')).toBe('2019-10-25');
    expect(lodged('2023-09-06')).toBe('2023-09-06');
    expect(lodged('2026-01-01')).toBe('2023-09-06');
  });
  it('is the first lodged after the sale when none was lodged before it', () => expect(lodged('2014-06-30')).toBe('2015-03-02'));
  it('is none for a home with no certificate', () => expect(certificateForSale([], '2020-01-01')).toBeNull());
});
