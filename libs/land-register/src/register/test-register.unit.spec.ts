import { SyntheticTestRegisterResult } from '@pds/contracts';
import { buildSyntheticTestRegisterResult } from './test-register';

describe('synthetic test register result', () => {
  let result: SyntheticTestRegisterResult;
  beforeAll(async () => {
    result = await buildSyntheticTestRegisterResult();
  });

  it('has the shape of the spec, validated by the contract', () => {
    expect(SyntheticTestRegisterResult.parse(result)).toEqual(result);
    expect(result.fixture).toEqual({ titleNumber: 'TST100001', address: '12 Specimen Row, Exampleton', postcode: 'EX9 9ZZ' });
    expect(result.document).toEqual({
      type: 'synthetic_test_register',
      filename: 'synthetic-test-register-TST100001.pdf',
      official: false,
      registryOrdered: false,
    });
  });

  it('carries the text read back out of the PDF', () => {
    const lines = result.text.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'SPECIMEN: generated for testing; not an official copy issued by HM Land Registry.',
      'Official copy of register of title',
      'Title number TST100001 Edition date 19.11.2021',
    ]);
    expect(lines).toContain('– This official copy shows the entries on the register of title on 15 JAN 2024 at 09:00:00.');
    expect(lines).toContain('C: Charges Register');
    expect(lines.slice(-4)).toEqual([
      '3 (19.11.2021) Proprietor: EXAMPLE MUTUAL BANK PLC (Co. Regn. No. 00000001) of 1 Sample',
      'Square, Exampleton EX1 9ZZ.',
      'End of register',
      'Page 1 of 1',
    ]);
  });

  it('analyses the register the fixture describes', () => {
    expect(result.analysis).toEqual({
      title: {
        titleNumber: 'TST100001',
        editionDate: '2021-11-19',
        classOfTitle: 'Title absolute',
        tenure: 'Freehold',
        administrativeArea: 'DEVON : EXAMPLETON',
        propertyDescription: '12 Specimen Row, Exampleton (EX9 9ZZ)',
      },
      parties: [
        { role: 'proprietor', name: 'ALEX SAMPLE', address: '12 Specimen Row, Exampleton EX9 9ZZ' },
        { role: 'proprietor', name: 'JORDAN SAMPLE', address: '12 Specimen Row, Exampleton EX9 9ZZ' },
        { role: 'chargee', name: 'EXAMPLE MUTUAL BANK PLC (Co. Regn. No. 00000001)', address: '1 Sample Square, Exampleton EX1 9ZZ' },
      ],
      rightsAndBurdens: [
        {
          category: 'easement',
          summary:
            'A2: The land has the benefit of a right of way on foot and with vehicles over the private drive coloured brown on the title plan.',
          benefitingLand: 'the land in this title',
          burdenedLand: 'the private drive coloured brown on the title plan',
        },
        {
          category: 'restriction',
          summary:
            'B3: RESTRICTION: No disposition of the registered estate by the proprietor of the registered estate is to be registered without a written consent signed by the proprietor for the time being of the Charge dated 5 November 2021 in favour of…',
          benefitingLand: null,
          burdenedLand: null,
        },
        {
          category: 'covenant',
          summary:
            'C1: A Transfer of the land in this title dated 11 February 1994 made between (1) Exampleton Developments Limited and (2) Robin Ashcombe contains restrictive covenants. NOTE: Copy filed.',
          benefitingLand: null,
          burdenedLand: 'the land in this title',
        },
        {
          category: 'charge',
          summary: 'C2, C3: Registered charge dated 5 November 2021 in favour of EXAMPLE MUTUAL BANK PLC (Co. Regn. No. 00000001).',
          benefitingLand: null,
          burdenedLand: null,
        },
      ],
      referredDocuments: [
        { documentType: 'Charge', date: '2021-11-05', filedUnder: null, entryNumbers: ['B3', 'C2', 'C3'] },
        { documentType: 'Transfer', date: '1994-02-11', filedUnder: 'TST100001', entryNumbers: ['C1'] },
      ],
      enquiries: [
        {
          code: 'LENDER_CONSENT_RESTRICTION',
          priority: 'high',
          reason:
            'B3: no disposition can be registered without the written consent of the proprietor of the Charge dated 5 November 2021 in favour of Example Mutual Bank PLC.',
          action:
            "Redeem the charge on completion and lodge its discharge (DS1) so the restriction is cancelled, or obtain the lender's written consent to the disposition.",
        },
        {
          code: 'REGISTERED_CHARGE',
          priority: 'high',
          reason: 'C2, C3: registered charge dated 5 November 2021 in favour of EXAMPLE MUTUAL BANK PLC (Co. Regn. No. 00000001).',
          action:
            "Obtain a redemption statement and the seller's undertaking to redeem the charge on completion; lodge the discharge (DS1 or e-DS1) with the application to register the transfer.",
        },
        {
          code: 'COVENANTS_REVIEW',
          priority: 'medium',
          reason: 'C1: covenants bind the land or its owner.',
          action:
            'Obtain copies of the deeds (official copies where filed) and check the covenants against the present and intended use; consider indemnity insurance for any breach.',
        },
        {
          code: 'RIGHTS_REVIEW',
          priority: 'low',
          reason: 'A2: rights or provisions benefit or burden the land.',
          action: 'Check the rights against the title plan and an inspection, including who maintains any shared way or service.',
        },
      ],
      warnings: [],
    });
  });

  it('is the same every time', async () => {
    expect(await buildSyntheticTestRegisterResult()).toEqual(result);
  });
});
