import type { Register } from '@pds/land-register';

// Fictional freehold house with a sale in progress at the registry: applications are pending, so a copy issued now
// shows the register as it stood before them, and the title plan cannot be issued while a transfer of part of the
// garden is being mapped.
export const quarryBank: Register = {
  titleNumber: 'CH682140',
  editionDate: '2015-09-04',
  officialCopyDateTime: '2024-05-02T11:12:40',
  landRegistryOffice: 'Birkenhead Office',
  administrativeArea: { county: 'CHESHIRE EAST', district: 'CHESHIRE EAST' },
  tenure: 'Freehold',
  classOfTitle: 'Title absolute',
  propertyRegister: [
    {
      entryNumber: 1,
      entryDate: '1976-06-01',
      entryType: 'Property Description',
      entryText: [
        'The Freehold land shown edged with red on the plan of the above Title filed at the Registry and being 5 Quarry Bank, Bollington, Macclesfield (SK10 9ZZ).',
      ],
    },
  ],
  proprietorshipRegister: [
    {
      entryNumber: 1,
      entryDate: '2015-09-04',
      entryType: 'Proprietor',
      entryText: ['PROPRIETOR: THOMAS EDWARD ASHWORTH and JOANNE CLAIRE ASHWORTH of 5 Quarry Bank, Bollington, Macclesfield SK10 9ZZ.'],
    },
    {
      entryNumber: 2,
      entryDate: '2015-09-04',
      entryType: 'Price Paid',
      entryText: ['The price stated to have been paid on 21 August 2015 was £262,500.'],
    },
  ],
  chargesRegister: [
    {
      entryNumber: 1,
      entryDate: '1976-06-01',
      entryType: 'Restrictive Covenants/Stipulations - Deed',
      entryText: [
        'A Transfer of the land in this title dated 14 May 1976 made between (1) Kerridge Stone Company Limited and (2) Leonard Frank Haworth contains restrictive covenants.',
        'NOTE: Copy filed.',
      ],
    },
    {
      entryNumber: 2,
      entryDate: '2015-09-04',
      entryType: 'Registered Charges',
      entryText: ['REGISTERED CHARGE dated 21 August 2015.'],
    },
    {
      entryNumber: 3,
      entryDate: '2015-09-04',
      entryType: 'Chargee',
      entryText: ['Proprietor: PEAK DISTRICT BUILDING SOCIETY of Bridge Street, Buxton SK17 9ZZ.'],
    },
  ],
};
