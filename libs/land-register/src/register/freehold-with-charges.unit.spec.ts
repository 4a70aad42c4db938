import { ExtractionData } from '@pds/contracts';
import { sampleFreeholdWithCharges } from './samples/freehold-with-charges';
import { parseRegister } from './parse-register';
import { extractPdfText } from './pdf-text';
import { renderOfficialCopy } from './render-official-copy';

// Expected values written out from the sample register: entry numbers, dates and names as the register states them.
describe('freehold with two charges, restrictions, covenants and easements (render → extract → parse)', () => {
  let text: string;
  let data: ExtractionData;
  beforeAll(async () => {
    text = await extractPdfText(await renderOfficialCopy(sampleFreeholdWithCharges));
    data = parseRegister(text);
  });

  it('produces data the contract accepts', () => {
    expect(ExtractionData.parse(data)).toEqual(data);
  });

  it('reads the title block', () => {
    expect(data.title).toEqual({
      titleNumber: 'BK509231',
      editionDate: '2023-06-02',
      classOfTitle: 'Title absolute',
      tenure: 'Freehold',
      administrativeArea: 'BERKSHIRE : WOKINGHAM',
      propertyDescription: '14 Larkspur Close, Wokingham (RG40 9ZZ)',
    });
  });

  it('names both proprietors with their address and both lenders, one with its company number', () => {
    expect(data.parties).toEqual([
      { role: 'proprietor', name: 'DAVID ALAN PRESCOTT', address: '14 Larkspur Close, Wokingham RG40 9ZZ' },
      { role: 'proprietor', name: 'HANNAH MAY PRESCOTT', address: '14 Larkspur Close, Wokingham RG40 9ZZ' },
      { role: 'chargee', name: 'MERIDIAN BUILDING SOCIETY', address: 'Meridian House, 2 Quay Street, Bristol BS1 9ZZ' },
      { role: 'chargee', name: 'ASHDOWN SECURED LENDING LIMITED (Co. Regn. No. 08812345)', address: '40 Kings Road, Reading RG1 9ZZ' },
    ]);
  });

  it('lists each right and burden with the land it benefits or burdens', () => {
    expect(data.rightsAndBurdens).toEqual([
      {
        category: 'easement',
        summary:
          'A2: The land has the benefit of the rights granted by the Conveyance dated 4 June 1962 referred to in the Charges Register.',
        benefitingLand: 'the land in this title',
        burdenedLand: null,
      },
      {
        category: 'easement',
        summary:
          'A3: The land tinted pink on the title plan has the benefit of a right of way on foot only over the footpath coloured brown on the title plan.',
        benefitingLand: 'the land tinted pink on the title plan',
        burdenedLand: 'the footpath coloured brown on the title plan',
      },
      {
        category: 'restriction',
        summary:
          'B3: RESTRICTION: No disposition by a sole proprietor of the registered estate (except a trust corporation) under which capital money arises is to be registered unless authorised by an order of the court.',
        benefitingLand: null,
        burdenedLand: null,
      },
      {
        category: 'restriction',
        summary:
          'B4: RESTRICTION: No disposition of the registered estate by the proprietor of the registered estate is to be registered without a written consent signed by the proprietor for the time being of the Charge dated 25 February 2022 in favour of…',
        benefitingLand: null,
        burdenedLand: null,
      },
      {
        category: 'covenant',
        summary:
          'C1: A Conveyance of the land in this title and other land dated 4 June 1962 made between (1) Harold Ernest Brightwell (Vendor) and (2) Wokingham Garden Homes Limited (Purchaser) contains the following covenants:-',
        benefitingLand: 'the adjoining land known as Brightwell Farm',
        burdenedLand: 'the land in this title',
      },
      {
        category: 'easement',
        summary: 'C2: The land is subject to the rights reserved by the Conveyance dated 4 June 1962 referred to above.',
        benefitingLand: null,
        burdenedLand: 'the land in this title',
      },
      {
        category: 'covenant',
        summary:
          'C3: A Deed of Variation dated 17 September 1998 made between (1) Wokingham Garden Homes Limited and (2) Peter John Hale varies the covenants contained in the Conveyance dated 4 June 1962 referred to above. NOTE: Copy filed under BK311456.',
        benefitingLand: null,
        burdenedLand: null,
      },
      {
        category: 'charge',
        summary: 'C4, C5: Registered charge dated 25 February 2022 in favour of MERIDIAN BUILDING SOCIETY.',
        benefitingLand: null,
        burdenedLand: null,
      },
      {
        category: 'charge',
        summary: 'C6, C7: Registered charge dated 19 May 2023 in favour of ASHDOWN SECURED LENDING LIMITED (Co. Regn. No. 08812345).',
        benefitingLand: null,
        burdenedLand: null,
      },
    ]);
  });

  it('collects each deed once, with every entry that refers to it and where its copy is filed', () => {
    expect(data.referredDocuments).toEqual([
      { documentType: 'Conveyance', date: '1962-06-04', filedUnder: 'BK509231', entryNumbers: ['A2', 'C1', 'C2', 'C3'] },
      { documentType: 'Charge', date: '2022-02-25', filedUnder: null, entryNumbers: ['B4', 'C4', 'C5'] },
      { documentType: 'Deed of Variation', date: '1998-09-17', filedUnder: 'BK311456', entryNumbers: ['C3'] },
      { documentType: 'Charge', date: '2023-05-19', filedUnder: null, entryNumbers: ['C6', 'C7'] },
    ]);
  });

  it('raises the lender consent, both charges, Form A, covenants and rights, most urgent first', () => {
    expect(data.enquiries.map((e) => [e.code, e.priority])).toEqual([
      ['LENDER_CONSENT_RESTRICTION', 'high'],
      ['REGISTERED_CHARGE', 'high'],
      ['REGISTERED_CHARGE', 'high'],
      ['FORM_A_RESTRICTION', 'medium'],
      ['COVENANTS_REVIEW', 'medium'],
      ['RIGHTS_REVIEW', 'low'],
    ]);
    expect(data.enquiries[0]!.reason).toBe(
      'B4: no disposition can be registered without the written consent of the proprietor of the Charge dated 25 February 2022 in favour of Meridian Building Society.',
    );
    expect(data.enquiries[1]!.reason).toBe('C4, C5: registered charge dated 25 February 2022 in favour of MERIDIAN BUILDING SOCIETY.');
    expect(data.enquiries[2]!.reason).toBe(
      'C6, C7: registered charge dated 19 May 2023 in favour of ASHDOWN SECURED LENDING LIMITED (Co. Regn. No. 08812345).',
    );
    expect(data.enquiries[3]!.reason).toBe(
      'B3: a Form A restriction: the proprietors hold as tenants in common (or a joint tenancy was severed), so capital money must be paid to at least two trustees.',
    );
    expect(data.enquiries[4]!.reason).toBe('C1, C3: covenants bind the land or its owner.');
    expect(data.enquiries[5]!.reason).toBe('A2, A3, C2: rights or provisions benefit or burden the land.');
    for (const e of data.enquiries) expect(e.action).not.toBe('');
  });

  it('has nothing to warn about', () => {
    expect(data.warnings).toEqual([]);
  });

  it('keeps the entry that continues on page 2 apart from the page furniture between them', () => {
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('C: Charges Register continued');
    expect(data.rightsAndBurdens.filter((r) => r.summary.includes('Page') || r.summary.includes('Title number'))).toEqual([]);
  });
});
