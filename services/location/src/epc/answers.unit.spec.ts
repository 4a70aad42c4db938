import type { epc, EnergyCertificate } from '@pds/contracts';
import { epcAnswer, floorAreaAnswer } from './answers';

type Certificates = epc.FoundCertificates;

// The EPC and floor-area answers built from a property's certificates (newest first).

const certificate = (over: Partial<EnergyCertificate>): EnergyCertificate => ({
  certificateNumber: 'c',
  uprn: '990000000001',
  address: 'Flat 2, 10 Oxford Road',
  postcode: 'RG30 1AB',
  postTown: 'Reading',
  currentRating: 'D',
  potentialRating: 'C',
  currentEfficiency: 60,
  potentialEfficiency: 75,
  floorAreaSqM: 41.5,
  habitableRooms: 2,
  estimatedBedrooms: 1,
  lodgementDate: '2016-03-14',
  inspectionDate: '2016-03-10',
  expiresOn: '2026-03-14',
  propertyType: 'Flat',
  builtForm: 'Mid-Terrace',
  constructionAgeBand: 'England and Wales: 1967-1975',
  mainFuel: 'electricity (not community)',
  mainHeating: 'Electric storage heaters',
  transactionType: 'rental (private)',
  assessorRecordedTenure: 'rental (private)',
  detail: 'full',
  ...over,
});

const found = (certificates: EnergyCertificate[]): Certificates => ({
  property: { uprn: '990000000001', address: 'Flat 2, 10 Oxford Road', postcode: 'RG30 1AB' },
  matchedBy: 'address',
  origin: 'bulk',
  certificates,
  sources: [],
});

describe('the EPC answer', () => {
  const newer = certificate({
    certificateNumber: 'new',
    lodgementDate: '2021-06-01',
    expiresOn: '2031-06-01',
    currentRating: 'C',
    currentEfficiency: 70,
  });
  const older = certificate({ certificateNumber: 'old' });

  it('gives the latest in full and the earlier ones as history, newest first', () => {
    const answer = epcAnswer(found([newer, older]), new Date('2026-11-23T12:00:00Z'));
    expect(answer.latest).toMatchObject({
      certificateNumber: 'new',
      currentRating: 'C',
      currentEfficiency: 70,
      expiresOn: '2031-06-01',
      expired: false,
    });
    expect(answer.latest.assessorRecordedTenure).toBe('rental (private)');
    expect(answer.history).toEqual([
      {
        certificateNumber: 'old',
        currentRating: 'D',
        currentEfficiency: 60,
        lodgementDate: '2016-03-14',
        inspectionDate: '2016-03-10',
        floorAreaSqM: 41.5,
      },
    ]);
  });

  it('counts a certificate expired from its expiry date, a UK date', () => {
    const expiring = found([certificate({ expiresOn: '2026-03-14' })]);
    // 23:30 on 13 March UTC is still 13 March in London (GMT); 23:30 UTC on 13 June is 14 June in London (BST).
    expect(epcAnswer(expiring, new Date('2026-03-13T23:30:00Z')).latest.expired).toBe(false);
    expect(epcAnswer(expiring, new Date('2026-03-14T00:00:00Z')).latest.expired).toBe(true);
    const expiringInSummer = found([certificate({ expiresOn: '2026-06-14' })]);
    expect(epcAnswer(expiringInSummer, new Date('2026-06-13T22:59:00Z')).latest.expired).toBe(false);
    expect(epcAnswer(expiringInSummer, new Date('2026-06-13T23:30:00Z')).latest.expired).toBe(true);
  });
});

describe('the floor-area answer', () => {
  it('converts m² to whole square feet (1 m² = 10.7639104 ft²): 41.5 m² is 446.7 ft², 447', () => {
    expect(floorAreaAnswer(found([certificate({})]))).toMatchObject({
      floorArea: { squareMetres: 41.5, squareFeet: 447 },
      certificate: { certificateNumber: 'c', lodgementDate: '2016-03-14', inspectionDate: '2016-03-10', latest: true },
      habitableRooms: 2,
      estimatedBedrooms: 1,
    });
  });

  it('takes an earlier certificate when the latest records no floor area, and says so', () => {
    const answer = floorAreaAnswer(
      found([certificate({ certificateNumber: 'new', floorAreaSqM: null }), certificate({ certificateNumber: 'old', floorAreaSqM: 86 })]),
    );
    expect(answer).toMatchObject({
      floorArea: { squareMetres: 86, squareFeet: 926 },
      certificate: { certificateNumber: 'old', latest: false },
    });
  });

  it('has none when no certificate records one', () => {
    expect(floorAreaAnswer(found([certificate({ floorAreaSqM: null })]))).toBeUndefined();
  });
});
