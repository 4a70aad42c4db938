import { ExtractionData } from '@pds/contracts';
import { readFileSync } from 'fs';
import { join } from 'path';
import { parseRegister } from './parse-register';

// Registers typed out independently of our renderer, in the line layouts real official copies come out of common
// extractors with: pdftotext -layout (indented columns, form feed, a page footer, a "continued" heading, a schedule)
// and a pdf.js-based reader (number, date and text on separate lines, tabs, "-- 1 of 2 --" page joiners).
const read = (name: string) => readFileSync(join(__dirname, 'test-data', name), 'utf8');

describe('a freehold register as pdftotext -layout prints it', () => {
  const data = parseRegister(read('freehold-pdftotext-layout.txt'));

  it('produces data the contract accepts', () => {
    expect(ExtractionData.parse(data)).toEqual(data);
  });

  it('reads the title block past the e-mail banner and the column layout', () => {
    expect(data.title).toEqual({
      titleNumber: 'CU284406',
      editionDate: '2021-06-09',
      classOfTitle: 'Title absolute',
      tenure: 'Freehold',
      administrativeArea: 'CUMBRIA : SOUTH LAKELAND',
      propertyDescription: '7 Fellside View, Kendal (LA9 9ZZ)',
    });
  });

  it('joins a proprietor name broken over two lines, and keeps "AND" inside a lender name', () => {
    expect(data.parties).toEqual([
      { role: 'proprietor', name: 'THOMAS EDWARD WHITTLE', address: '7 Fellside View, Kendal LA9 9ZZ' },
      { role: 'proprietor', name: 'SARAH LOUISE WHITTLE', address: '7 Fellside View, Kendal LA9 9ZZ' },
      {
        role: 'chargee',
        name: 'LAKELAND AND BORDERS BUILDING SOCIETY',
        address: 'Mortgage Centre, Stricklandgate House, 6 Victoria Street, Carlisle CA3 9ZZ',
      },
    ]);
  });

  it('finds rights both granted and reserved, the indemnity covenant, the covenants, the provision and the charge', () => {
    expect(data.rightsAndBurdens.map((r) => [r.category, r.summary.slice(0, 3), r.benefitingLand, r.burdenedLand])).toEqual([
      ['easement', 'A2:', 'the land in this title', 'the land in this title'],
      ['restriction', 'B3:', null, null],
      ['covenant', 'B4:', null, null],
      ['covenant', 'C1:', null, 'the land in this title'],
      ['easement', 'C2:', null, 'the land in this title'],
      ['provision', 'C3:', null, null],
      ['charge', 'C4,', null, null],
    ]);
    expect(data.rightsAndBurdens[4]!.summary).toBe(
      'C2: The land is subject to the following rights reserved by a Transfer of the land in this title dated 3 March 1994 made between (1) Fellside Homes Limited and (2) Mark Anthony Dobson:-',
    );
    expect(data.rightsAndBurdens[6]!.summary).toBe(
      'C4, C5: Registered charge dated 28 May 2021 in favour of LAKELAND AND BORDERS BUILDING SOCIETY.',
    );
  });

  it('files the copy of the 1994 Transfer under the title its note names', () => {
    expect(data.referredDocuments).toEqual([
      { documentType: 'Transfer', date: '1994-03-03', filedUnder: 'CU198233', entryNumbers: ['A2', 'C2', 'C3'] },
      { documentType: 'Conveyance', date: '1936-08-12', filedUnder: null, entryNumbers: ['C1'] },
      { documentType: 'Charge', date: '2021-05-28', filedUnder: null, entryNumbers: ['C4', 'C5'] },
    ]);
  });

  it('raises the charge, Form A, covenants and rights', () => {
    expect(data.enquiries.map((e) => [e.code, e.priority, e.reason.split(':')[0]])).toEqual([
      ['REGISTERED_CHARGE', 'high', 'C4, C5'],
      ['FORM_A_RESTRICTION', 'medium', 'B3'],
      ['COVENANTS_REVIEW', 'medium', 'B4, C1'],
      ['RIGHTS_REVIEW', 'low', 'A2, C2, C3'],
    ]);
  });

  it('says the schedule was not itemised, and nothing else', () => {
    expect(data.warnings).toEqual(['"Schedule of restrictive covenants" follows the registers and was not itemised; read it on the copy.']);
  });
});

describe('a leasehold register as a pdf.js-based reader prints it', () => {
  const data = parseRegister(read('leasehold-pdfjs-lines.txt'));

  it('produces data the contract accepts', () => {
    expect(ExtractionData.parse(data)).toEqual(data);
  });

  it('reads the title block, with the good leasehold class', () => {
    expect(data.title).toEqual({
      titleNumber: 'HP615208',
      editionDate: '2017-01-30',
      classOfTitle: 'Good leasehold title',
      tenure: 'Leasehold',
      administrativeArea: 'HAMPSHIRE : PORTSMOUTH',
      propertyDescription: 'Flat 3, Solent Mansions, 41 Clarence Parade, Southsea (PO5 9ZZ)',
    });
  });

  it('puts entries back together from separate number, date and text lines', () => {
    expect(data.parties).toEqual([
      { role: 'lessor', name: 'Solent Mansions Investments Limited', address: null },
      { role: 'lessee', name: 'Kathleen Joan Ferris', address: null },
      { role: 'proprietor', name: 'ROSALIND MAY OKAFOR', address: 'Flat 3, Solent Mansions, 41 Clarence Parade, Southsea PO5 9ZZ' },
      {
        role: 'chargee',
        name: 'WESSEX HOME FINANCE LIMITED (Co. Regn. No. 05512976)',
        address: 'PO Box 5 Harbour Exchange, Southampton SO14 9ZZ',
      },
      { role: 'notice_beneficiary', name: 'Daniel Okafor', address: 'Flat 3, Solent Mansions, 41 Clarence Parade, Southsea PO5 9ZZ' },
    ]);
    expect(data.rightsAndBurdens.map((r) => [r.category, r.summary])).toEqual([
      ['lease', 'A2: The land is held under a lease dated 12 July 1977 for 99 years from 24 June 1976 at a rent of £40 rising to £80.'],
      ['provision', 'A3: The Lease prohibits or restricts alienation.'],
      ['easement', 'A4: NOTE: The Lease grants and reserves easements as therein mentioned.'],
      [
        'restriction',
        'B3: RESTRICTION: No disposition of the registered estate by the proprietor of the registered estate is to be registered without a written consent signed by the proprietor for the time being of the Charge dated 16 December 2016 in favour of…',
      ],
      ['charge', 'C1, C2: Registered charge dated 16 December 2016 in favour of WESSEX HOME FINANCE LIMITED (Co. Regn. No. 05512976).'],
      [
        'notice',
        'C3: Notice of home rights under the Family Law Act 1996 in favour of Daniel Okafor of Flat 3, Solent Mansions, 41 Clarence Parade, Southsea PO5 9ZZ.',
      ],
    ]);
    expect(data.referredDocuments).toEqual([
      { documentType: 'Lease', date: '1977-07-12', filedUnder: null, entryNumbers: ['A2', 'A3', 'A4'] },
      { documentType: 'Charge', date: '2016-12-16', filedUnder: null, entryNumbers: ['B3', 'C1', 'C2'] },
    ]);
  });

  it('flags the short lease, home rights and good leasehold title', () => {
    expect(data.enquiries.map((e) => [e.code, e.priority])).toEqual([
      ['LEASE_TERM_SHORT', 'high'],
      ['LENDER_CONSENT_RESTRICTION', 'high'],
      ['REGISTERED_CHARGE', 'high'],
      ['HOME_RIGHTS_NOTICE', 'high'],
      ['GOOD_LEASEHOLD_TITLE', 'medium'],
      ['LEASE_REVIEW', 'medium'],
      ['RIGHTS_REVIEW', 'low'],
    ]);
    expect(data.enquiries[0]!.reason).toBe('A2: about 51 years of the lease term are left at 11 Mar 2024.');
    expect(data.warnings).toEqual([]);
  });
});
