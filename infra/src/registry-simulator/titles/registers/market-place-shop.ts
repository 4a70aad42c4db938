import type { Register } from '@pds/land-register';

// Fictional leasehold shop whose register refers to three deeds the registry treats differently: the lease (filed,
// copies issued), a 1958 conveyance of the freehold never produced to the registry (no copy can be had) and a deed
// of grant of which only the plan was kept.
export const marketPlaceShop: Register = {
  titleNumber: 'WT371956',
  editionDate: '2017-05-30',
  officialCopyDateTime: '2024-05-02T15:08:27',
  landRegistryOffice: 'Gloucester Office',
  administrativeArea: { county: 'WILTSHIRE', district: 'WILTSHIRE' },
  tenure: 'Leasehold',
  classOfTitle: 'Good leasehold title',
  propertyRegister: [
    {
      entryNumber: 1,
      entryDate: '2011-05-06',
      entryType: 'Property Description',
      entryText: [
        'The Leasehold land shown edged with red on the plan of the above Title filed at the Registry and being 41 Market Place, Devizes (SN10 9ZZ).',
      ],
    },
    {
      entryNumber: 2,
      entryDate: '2011-05-06',
      entryType: 'Lease Particulars',
      entryText: [
        'Short particulars of the lease(s) (or under-lease(s)) under which the land is held:',
        'Date        : 12 April 2011',
        'Term        : 20 years from and including 25 March 2011',
        'Rent        : As therein mentioned',
        'Parties     : (1) Brittox Property Holdings Limited',
        '(2) Alison Jane Whitlock',
      ],
    },
    {
      entryNumber: 3,
      entryDate: '2011-05-06',
      entryType: 'Beneficial/Subjective Easements - A Register',
      entryText: [
        'The land is subject to the rights reserved by the Conveyance dated 3 November 1958 referred to in the Charges Register.',
      ],
    },
    {
      entryNumber: 4,
      entryDate: '2011-05-06',
      entryType: 'Beneficial/Subjective Easements - A Register',
      entryText: [
        'The land has the benefit of the rights granted by the Lease, including a right of way on foot over the passage at the rear of 39 Market Place.',
      ],
    },
    {
      entryNumber: 5,
      entryDate: '2011-05-06',
      entryType: 'Beneficial/Subjective Easements - A Register',
      entryText: [
        'The land has the benefit of the rights granted by a Deed of Grant dated 20 August 1996 made between (1) Sarah Louise Pennock and (2) Frederick Arthur Gale.',
        'NOTE: Copy plan filed.',
      ],
    },
  ],
  proprietorshipRegister: [
    {
      entryNumber: 1,
      entryDate: '2011-05-06',
      entryType: 'Proprietor',
      entryText: ['PROPRIETOR: ALISON JANE WHITLOCK of 41 Market Place, Devizes SN10 9ZZ.'],
    },
  ],
  chargesRegister: [
    {
      entryNumber: 1,
      entryDate: '2011-05-06',
      entryType: 'Restrictive Covenants/Stipulations - Deed',
      entryText: [
        'A Conveyance of the freehold estate in the land in this title and other land dated 3 November 1958 made between (1) Cecil John Marsh and (2) Devizes Brewery Company Limited contains covenants but neither the original deed nor a certified copy or examined abstract thereof was produced on first registration.',
      ],
    },
  ],
};
