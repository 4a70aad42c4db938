import type { Register } from '@pds/land-register';

// Fictional house in Cardiff: a Welsh title, dealt with by the registry's Wales Office.
export const heolYFelin: Register = {
  titleNumber: 'CYM604817',
  editionDate: '2018-03-22',
  officialCopyDateTime: '2024-05-02T08:44:19',
  landRegistryOffice: 'Wales Office',
  administrativeArea: { county: 'CARDIFF', district: 'CARDIFF' },
  tenure: 'Freehold',
  classOfTitle: 'Title absolute',
  propertyRegister: [
    {
      entryNumber: 1,
      entryDate: '1984-06-07',
      entryType: 'Property Description',
      entryText: [
        'The Freehold land shown edged with red on the plan of the above Title filed at the Registry and being 9 Heol y Felin, Rhiwbina, Cardiff (CF14 9ZZ).',
      ],
    },
  ],
  proprietorshipRegister: [
    {
      entryNumber: 1,
      entryDate: '2018-03-22',
      entryType: 'Proprietor',
      entryText: ['PROPRIETOR: RHIANNON ELERI MORGAN and DAFYDD HUW MORGAN of 9 Heol y Felin, Rhiwbina, Cardiff CF14 9ZZ.'],
    },
    {
      entryNumber: 2,
      entryDate: '2018-03-22',
      entryType: 'Price Paid',
      entryText: ['The price stated to have been paid on 8 March 2018 was £298,000.'],
    },
  ],
  chargesRegister: [
    {
      entryNumber: 1,
      entryDate: '1984-06-07',
      entryType: 'Restrictive Covenants/Stipulations - Deed',
      entryText: [
        'A Transfer of the land in this title dated 11 May 1984 made between (1) Rhiwbina Garden Village Limited and (2) Gwilym Rees Pritchard contains restrictive covenants.',
        'NOTE: Copy filed.',
      ],
    },
    {
      entryNumber: 2,
      entryDate: '2018-03-22',
      entryType: 'Registered Charges',
      entryText: ['REGISTERED CHARGE dated 8 March 2018.'],
    },
    {
      entryNumber: 3,
      entryDate: '2018-03-22',
      entryType: 'Chargee',
      entryText: ['Proprietor: GLAMORGAN MUTUAL BUILDING SOCIETY of Ty Glamorgan, 15 Heol y Frenhines, Cardiff CF10 9ZZ.'],
    },
  ],
};
