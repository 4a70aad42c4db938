import { ExtractionData } from '@pds/contracts';
import { parseEntries } from './entries';
import { sampleUnusualRegister } from './samples/unusual-register';
import { registerLines } from './lines';
import { parseRegister } from './parse-register';
import { extractPdfText } from './pdf-text';
import { renderOfficialCopy } from './render-official-copy';
import { splitSections } from './sections';

describe('register with a possessory title, a caution, a unilateral notice and unreadable entries', () => {
  let text: string;
  let data: ExtractionData;
  beforeAll(async () => {
    text = await extractPdfText(await renderOfficialCopy(sampleUnusualRegister));
    data = parseRegister(text);
  });

  it('produces data the contract accepts', () => {
    expect(ExtractionData.parse(data)).toEqual(data);
  });

  it('reads the possessory class of title and a description that is not a postal address', () => {
    expect(data.title).toEqual({
      titleNumber: 'WYK736104',
      editionDate: '2016-08-22',
      classOfTitle: 'Possessory title',
      tenure: 'Freehold',
      administrativeArea: 'WEST YORKSHIRE : CALDERDALE',
      propertyDescription: 'land on the north side of Moorcock Lane, Hebden Bridge',
    });
  });

  it('names the proprietor, the cautioner and the beneficiary of the unilateral notice', () => {
    expect(data.parties).toEqual([
      { role: 'proprietor', name: 'GARETH OWEN PRICE', address: 'Moorcock Farm, Moorcock Lane, Hebden Bridge HX7 9ZZ' },
      { role: 'cautioner', name: 'Ellen Mary Sutcliffe', address: '3 Chapel Fold, Todmorden OL14 9ZZ' },
      {
        role: 'notice_beneficiary',
        name: 'PENNINE LAND PROMOTIONS LIMITED (Co. Regn. No. 09876543)',
        address: 'Unit 4, Mill Yard, Halifax HX1 9ZZ',
      },
    ]);
  });

  it('lists the caution, the notice and the rights of the long entry, and only those', () => {
    expect(data.rightsAndBurdens.map((r) => r.category)).toEqual(['caution', 'notice', 'easement']);
    expect(data.rightsAndBurdens[2]).toEqual({
      category: 'easement',
      summary:
        'C3: The land is subject to such rights of way, drainage, water supply and support as subsist in favour of the owners and occupiers of Moorcock Farm, Height Top Barn and the cottages known as 1 to 6 Moorcock Fold, and to the rights of the…',
      benefitingLand: 'the owners and occupiers of Moorcock Farm, Height Top Barn and the cottages known as 1 to 6 Moorcock Fold',
      burdenedLand: 'the land in this title',
    });
    expect(data.referredDocuments).toEqual([{ documentType: 'Agreement', date: '2016-08-02', filedUnder: null, entryNumbers: ['C1'] }]);
  });

  it('raises the possessory title, caution and notice first, then the entries that need reading by hand', () => {
    expect(data.enquiries.map((e) => [e.code, e.priority])).toEqual([
      ['POSSESSORY_TITLE', 'high'],
      ['CAUTION', 'high'],
      ['UNILATERAL_NOTICE', 'high'],
      ['UNREADABLE_ENTRY', 'medium'],
      ['RIGHTS_REVIEW', 'low'],
      ['UNRECOGNISED_ENTRY', 'low'],
    ]);
    expect(data.enquiries[1]!.reason).toBe('B2: a caution against dealings in favour of Ellen Mary Sutcliffe.');
    expect(data.enquiries[3]!.reason).toBe('A2: the text of this entry could not be read.');
  });

  it('warns about the garbled entry and the entry it does not know, and nothing else', () => {
    expect(data.warnings).toEqual([
      'A2: the entry text is garbled and could not be read: "Th# l@nd ~~~ %%% s&bj*ct t^ ||| r!ghts…"',
      'C4: entry not recognised: "The Calder Valley Drainage Board has been told of the…"',
    ]);
  });

  it('keeps the long entry whole across the page break, without the page furniture', () => {
    expect(text).toContain('Page 1 of 2');
    const sections = splitSections(registerLines(text));
    const charges = parseEntries('C', sections.registers.C!);
    expect(charges.entries.map((e) => [e.number, e.date])).toEqual([
      [1, '2016-08-22'],
      [2, '2016-08-22'],
      [3, null],
      [4, null],
    ]);
    const long = charges.entries[2]!.text;
    expect(long).toBe(sampleUnusualRegister.chargesRegister[2]!.entryText.join(' '));
  });
});
