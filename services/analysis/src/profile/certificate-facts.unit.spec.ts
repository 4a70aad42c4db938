import type { PropertyEpcResult } from '@pds/contracts';
import { buildingAgeOf, certificateFacts } from './certificate-facts';

describe('the building age from a construction age band', () => {
  it.each([
    ['England and Wales: 1930-1949', { period: '1930-1949' }],
    ['England and Wales: before 1900', { period: 'before 1900' }],
    ['England and Wales: 2012 onwards', { period: '2012 onwards' }],
    ['2019', { year: 2019 }],
    ['NO DATA!', undefined],
    ['INVALID!', undefined],
    ['', undefined],
    [null, undefined],
  ])('%p', (band, age) => {
    expect(buildingAgeOf(band)).toEqual(age);
  });
});

describe('the facts a certificate gives', () => {
  const latest = {
    certificateNumber: '0000-0000-0000-0000-0001',
    currentRating: 'D',
    currentEfficiency: 61,
    potentialRating: 'B',
    potentialEfficiency: 84,
    floorAreaSqM: null,
    lodgementDate: '2021-05-04',
    inspectionDate: '2021-05-01',
    expiresOn: '2031-05-04',
    expired: false,
    propertyType: 'House',
    builtForm: 'Mid-Terrace',
    constructionAgeBand: 'England and Wales: 1900-1929',
    mainFuel: 'mains gas (not community)',
    mainHeating: 'Boiler and radiators, mains gas',
    transactionType: 'rental (private)',
    assessorRecordedTenure: 'rental (private)',
  } as PropertyEpcResult['latest'];
  const epc = {
    property: { uprn: '1', address: '1 Example Road', postcode: 'RG30 1AA' },
    matchedBy: 'uprn',
    origin: 'bulk',
    latest,
    history: [
      {
        certificateNumber: '2',
        currentRating: 'E',
        currentEfficiency: 50,
        lodgementDate: '2015-01-01',
        inspectionDate: null,
        floorAreaSqM: null,
      },
      {
        certificateNumber: '3',
        currentRating: 'E',
        currentEfficiency: 48,
        lodgementDate: '2010-01-01',
        inspectionDate: null,
        floorAreaSqM: 77.5,
      },
    ],
  } as PropertyEpcResult;

  it("gives type, form and age band, the floor area of the newest certificate recording one, and never the assessor's tenure", () => {
    const facts = certificateFacts(epc);
    expect(facts).toEqual({ propertyType: 'House', builtForm: 'Mid-Terrace', floorAreaSqM: 77.5, buildingAge: { period: '1900-1929' } });
    expect(JSON.stringify(facts)).not.toMatch(/rental|tenure/i);
  });

  it('leaves out what the certificate does not record', () => {
    const bare = { ...epc, latest: { ...latest, propertyType: null, builtForm: null, constructionAgeBand: 'NO DATA!' }, history: [] };
    expect(certificateFacts(bare as PropertyEpcResult)).toEqual({});
  });
});
