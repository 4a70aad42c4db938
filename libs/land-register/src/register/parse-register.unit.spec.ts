import { ExtractionData } from '@pds/contracts';
import { parseRegister } from './parse-register';

const minimal = (charges: string) => `Title number ZZ123 Edition date 01.02.2020
A: Property Register
1 (01.01.2000) The Freehold land shown edged with red on the plan of the above Title filed at the Registry and being 1 Test Road, Town (AB1 2CD).
B: Proprietorship Register
Title absolute
1 (01.01.2000) PROPRIETOR: ANN TEST of 1 Test Road, Town AB1 2CD.
${charges}`;

describe('parsing odd text without throwing', () => {
  it.each([
    ['empty text', ''],
    ['whitespace', ' \n\f\n '],
    ['noise', '%%%%% @@@@ #### ~~~~ |||| ¦¦¦¦'],
    ['a letter', 'Dear Sir,\nThank you for your enquiry.\nYours faithfully'],
    ['numbers only', '1\n2\n3\n(01.01.2000)\n4'],
    ['headings only', 'A: Property Register\nB: Proprietorship Register\nC: Charges Register\nEnd of register'],
  ])('%s gives valid data with warnings', (_name, text) => {
    const data = parseRegister(text);
    expect(ExtractionData.parse(data)).toEqual(data);
    expect(data.warnings.length).toBeGreaterThan(0);
  });

  it('survives input that is not a string', () => {
    expect(parseRegister(undefined as unknown as string).warnings).toEqual(['The text is empty: no register could be read.']);
  });

  it('says when a register and the end marker are missing', () => {
    const data = parseRegister(minimal(''));
    expect(data.warnings).toEqual([
      'The Charges Register (C) was not found.',
      'The text does not reach "End of register": the copy may be incomplete.',
    ]);
    expect(data.enquiries.map((e) => e.code)).toEqual(['SECTION_MISSING']);
    expect(data.title?.titleNumber).toBe('ZZ123');
  });

  it('asks for the class of title when it cannot be found, and a second trustee for Form A with one proprietor', () => {
    const data = parseRegister(
      minimal('C: Charges Register\nEnd of register')
        .replace('Title absolute\n', '')
        .replace(
          'AB1 2CD.\n',
          'AB1 2CD.\n2 (01.01.2000) RESTRICTION: No disposition by a sole proprietor of the registered estate (except a trust corporation) under which capital money arises is to be registered unless authorised by an order of the court.\n',
        ),
    );
    expect(data.title?.classOfTitle).toBeNull();
    expect(data.enquiries.map((e) => [e.code, e.priority])).toEqual([
      ['FORM_A_RESTRICTION', 'high'],
      ['CLASS_OF_TITLE_UNREAD', 'medium'],
    ]);
    expect(data.enquiries[0]!.reason).toMatch(/Only one proprietor is registered\.$/);
    expect(data.warnings).toEqual(['No class of title was found.']);
  });

  it('reads cautions, bankruptcy entries, agreed notices and leases noted against a freehold', () => {
    const data = parseRegister(
      minimal(`C: Charges Register
1 (02.02.2010) A Lease of the garage tinted blue on the title plan dated 1 May 2010 to Bob Test for 21 years from 1 May 2010.
2 (03.03.2019) AGREED NOTICE of a deed of variation dated 1 March 2019.
3 (04.04.2020) BANKRUPTCY NOTICE entered under section 86(2) of the Land Registration Act 2002 in respect of a pending action.
End of register`),
    );
    expect(data.rightsAndBurdens.map((r) => [r.category, r.burdenedLand])).toEqual([
      ['lease', 'the garage tinted blue on the title plan'],
      ['notice', null],
      ['insolvency', null],
    ]);
    expect(data.enquiries.map((e) => e.code)).toEqual(['INSOLVENCY_ENTRY', 'LEASES_AFFECTING_LAND', 'NOTICE_REVIEW']);
    expect(data.referredDocuments.map((d) => [d.documentType, d.date])).toEqual([
      ['Lease', '2010-05-01'],
      ['Deed of Variation', '2019-03-01'],
    ]);
  });
});
