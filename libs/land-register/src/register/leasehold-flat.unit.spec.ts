import { ExtractionData } from '@pds/contracts';
import { sampleLeaseholdFlat } from './samples/leasehold-flat';
import { parseRegister } from './parse-register';
import { extractPdfText } from './pdf-text';
import { renderOfficialCopy } from './render-official-copy';

describe('leasehold flat with lease particulars (render → extract → parse)', () => {
  let data: ExtractionData;
  beforeAll(async () => {
    data = parseRegister(await extractPdfText(await renderOfficialCopy(sampleLeaseholdFlat)));
  });

  it('produces data the contract accepts', () => {
    expect(ExtractionData.parse(data)).toEqual(data);
  });

  it('reads leasehold tenure and the description without the note that follows it', () => {
    expect(data.title).toEqual({
      titleNumber: 'NGL918273',
      editionDate: '2019-10-14',
      classOfTitle: 'Title absolute',
      tenure: 'Leasehold',
      administrativeArea: 'GREATER LONDON : CAMDEN',
      propertyDescription: 'Flat 7, Hawthorn Court, 22 Ellery Road, London (NW5 9ZZ)',
    });
  });

  it('names the lease parties by their number, the proprietor with both addresses for service, and the lender', () => {
    expect(data.parties).toEqual([
      { role: 'lessor', name: 'Ellery Road Estates Limited', address: null },
      { role: 'lessee', name: 'Marcus Okafor Bell', address: null },
      { role: 'lease_party', name: 'Hawthorn Court Management Company Limited', address: null },
      {
        role: 'proprietor',
        name: 'PRIYA NANDINI RAO',
        address: 'Flat 7, Hawthorn Court, 22 Ellery Road, London NW5 9ZZ; priya.rao@example.com',
      },
      { role: 'chargee', name: 'CASTLEGATE BANK PLC (Co. Regn. No. 02065123)', address: 'Loan Services, PO Box 412, Leicester LE87 9ZZ' },
    ]);
  });

  it('sums up the lease, the landlord title, the rights granted by the lease and its provisions', () => {
    expect(data.rightsAndBurdens).toEqual([
      {
        category: 'lease',
        summary: 'A2: The land is held under a lease dated 30 June 2005 for 125 years from 1 January 2005 at a rent of £250.',
        benefitingLand: null,
        burdenedLand: null,
      },
      {
        category: 'landlord_title',
        summary: "A3: The landlord's title is registered under title number NGL402216.",
        benefitingLand: null,
        burdenedLand: null,
      },
      {
        category: 'easement',
        summary:
          'A4: The land has the benefit of the rights granted by the Lease, including a right of way on foot over the communal entrance hall, stairs and landings of Hawthorn Court.',
        benefitingLand: 'the land in this title',
        burdenedLand: 'the communal entrance hall, stairs and landings of Hawthorn Court',
      },
      { category: 'provision', summary: 'A5: The Lease prohibits or restricts alienation.', benefitingLand: null, burdenedLand: null },
      {
        category: 'restriction',
        summary:
          'B3: RESTRICTION: No disposition of the registered estate (other than a charge) by the proprietor of the registered estate is to be registered without a certificate signed by a conveyancer that the provisions of clause 5.4 of the Lease dated 30…',
        benefitingLand: null,
        burdenedLand: null,
      },
      {
        category: 'charge',
        summary: 'C1, C2: Registered charge dated 27 September 2019 in favour of CASTLEGATE BANK PLC (Co. Regn. No. 02065123).',
        benefitingLand: null,
        burdenedLand: null,
      },
    ]);
  });

  it('ties every mention of the lease, dated or not, to the lease in the particulars', () => {
    expect(data.referredDocuments).toEqual([
      { documentType: 'Lease', date: '2005-06-30', filedUnder: null, entryNumbers: ['A2', 'A4', 'A5', 'B3'] },
      { documentType: 'Charge', date: '2019-09-27', filedUnder: null, entryNumbers: ['C1', 'C2'] },
    ]);
  });

  it('asks for the lease to be read, with the years left, but does not call 105 years short', () => {
    expect(data.enquiries.map((e) => [e.code, e.priority])).toEqual([
      ['REGISTERED_CHARGE', 'high'],
      ['LEASE_REVIEW', 'medium'],
      ['RESTRICTION_COMPLIANCE', 'medium'],
      ['RIGHTS_REVIEW', 'low'],
    ]);
    expect(data.enquiries[1]!.reason).toBe(
      'A2: the land is held under a lease dated 30 June 2005 for 125 years from 1 January 2005; about 105 years are left at 02 May 2024.',
    );
    expect(data.enquiries[3]!.reason).toBe('A4, A5: rights or provisions benefit or burden the land.');
  });

  it('has nothing to warn about', () => {
    expect(data.warnings).toEqual([]);
  });
});
