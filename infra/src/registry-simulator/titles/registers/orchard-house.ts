import type { Register } from '@pds/land-register';

// Fictional house whose first title was closed when the owner brought the paddock behind it into one title: the
// closed title and the title it continues under, which describes the same house and notes where it came from.

const description = (tenureLine: string) =>
  `The Freehold land shown edged with red on the plan of the above Title filed at the Registry and being Orchard House, 3 Mill Lane, Steyning (BN44 9ZZ)${tenureLine}.`;

const conveyance1931 = {
  entryType: 'Restrictive Covenants/Stipulations - Deed',
  entryText: [
    'A Conveyance of the land in this title and other land dated 2 April 1931 made between (1) Walter Henry Ingram (Vendor) and (2) Edith May Lusted (Purchaser) contains covenants details of which are set out in the schedule of restrictive covenants annexed hereto.',
    'NOTE: Original filed.',
  ],
};

const proprietor = 'PROPRIETOR: MARGARET ROSE FENWICK of Orchard House, 3 Mill Lane, Steyning BN44 9ZZ.';

export const orchardHouseClosed: Register = {
  titleNumber: 'WSX118204',
  editionDate: '2021-04-09',
  officialCopyDateTime: '2021-04-09T16:02:11',
  landRegistryOffice: 'Coventry Office',
  administrativeArea: { county: 'WEST SUSSEX', district: 'HORSHAM' },
  tenure: 'Freehold',
  classOfTitle: 'Title absolute',
  propertyRegister: [
    { entryNumber: 1, entryDate: '1964-10-19', entryType: 'Property Description', entryText: [description('')] },
    {
      entryNumber: 2,
      entryDate: '2021-04-09',
      entryType: 'Title Closure',
      entryText: ['NOTE: This title was closed on 9 April 2021 and the land in it is now registered under title number WSX402781.'],
    },
  ],
  proprietorshipRegister: [{ entryNumber: 1, entryDate: '1998-02-16', entryType: 'Proprietor', entryText: [proprietor] }],
  chargesRegister: [{ entryNumber: 1, entryDate: '1964-10-19', ...conveyance1931 }],
};

export const orchardHouse: Register = {
  titleNumber: 'WSX402781',
  editionDate: '2021-04-09',
  officialCopyDateTime: '2024-05-02T12:30:05',
  landRegistryOffice: 'Coventry Office',
  administrativeArea: { county: 'WEST SUSSEX', district: 'HORSHAM' },
  tenure: 'Freehold',
  classOfTitle: 'Title absolute',
  propertyRegister: [
    {
      entryNumber: 1,
      entryDate: '2021-04-09',
      entryType: 'Property Description',
      entryText: [description(' and the paddock to the north of it')],
    },
    {
      entryNumber: 2,
      entryDate: '2021-04-09',
      entryType: 'Title History',
      entryText: [
        'NOTE: The land edged and numbered WSX118204 in green on the title plan was formerly registered under that title number.',
      ],
    },
  ],
  proprietorshipRegister: [{ entryNumber: 1, entryDate: '2021-04-09', entryType: 'Proprietor', entryText: [proprietor] }],
  chargesRegister: [{ entryNumber: 1, entryDate: '2021-04-09', ...conveyance1931 }],
};
