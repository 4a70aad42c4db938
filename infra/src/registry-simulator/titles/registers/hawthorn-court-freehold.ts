import type { Register } from '@pds/land-register';

// Fictional freehold of the block that holds the leasehold flat NGL918273 (its register names this title as the
// landlord's): the same building and postcode, so an address search for the block finds both titles.
export const hawthornCourtFreehold: Register = {
  titleNumber: 'NGL402216',
  editionDate: '2019-10-14',
  officialCopyDateTime: '2024-05-02T09:05:41',
  landRegistryOffice: 'Croydon Office',
  administrativeArea: { county: 'GREATER LONDON', district: 'CAMDEN' },
  tenure: 'Freehold',
  classOfTitle: 'Title absolute',
  propertyRegister: [
    {
      entryNumber: 1,
      entryDate: '1999-03-02',
      entryType: 'Property Description',
      entryText: [
        'The Freehold land shown edged with red on the plan of the above Title filed at the Registry and being Hawthorn Court, 22 Ellery Road, London (NW5 9ZZ).',
      ],
    },
  ],
  proprietorshipRegister: [
    {
      entryNumber: 1,
      entryDate: '2004-11-25',
      entryType: 'Proprietor',
      entryText: ['PROPRIETOR: ELLERY ROAD ESTATES LIMITED (Co. Regn. No. 04417263) of 3 Brecknock Mews, London NW1 9ZZ.'],
    },
  ],
  chargesRegister: [
    {
      entryNumber: 1,
      entryDate: '2005-07-21',
      entryType: 'Schedule of Notices of Leases',
      entryText: [
        "Schedule of notices of leases: registration date, property, date of lease and term, lessee's title.",
        '1. 21.07.2005 Flat 1, Hawthorn Court (ground floor) 30.06.2005 125 years from 1.1.2005 NGL887102',
        '2. 21.07.2005 Flat 4, Hawthorn Court (first floor) 30.06.2005 125 years from 1.1.2005 NGL901355',
        '3. 21.07.2005 Flat 7, Hawthorn Court (second floor) 30.06.2005 125 years from 1.1.2005 NGL918273',
      ],
    },
  ],
};
