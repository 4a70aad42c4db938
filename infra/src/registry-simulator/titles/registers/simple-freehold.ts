import type { Register } from '@pds/land-register';

// The register of a plain freehold house, for titles whose register only needs to be believable: the demo region's,
// and the developer pack's vendor test titles.

export interface SimpleFreehold {
  titleNumber: string;
  county: string;
  district: string;
  office: string;
  /** The land, as the property register's first entry describes it. */
  described: string;
  edition: string;
  proprietor: string;
  pricePaid?: string;
}

/** A freehold register with one property entry, its proprietor and (optionally) the price paid, and no charges. */
export const simpleFreehold = (p: SimpleFreehold): Register => ({
  titleNumber: p.titleNumber,
  editionDate: p.edition,
  officialCopyDateTime: '2026-10-01T10:00:00',
  landRegistryOffice: p.office,
  administrativeArea: { county: p.county, district: p.district },
  tenure: 'Freehold',
  classOfTitle: 'Title absolute',
  propertyRegister: [
    {
      entryNumber: 1,
      entryDate: '1988-03-14',
      entryType: 'Property Description',
      entryText: [`The Freehold land shown edged with red on the plan of the above Title filed at the Registry and being ${p.described}.`],
    },
  ],
  proprietorshipRegister: [
    { entryNumber: 1, entryDate: p.edition, entryType: 'Proprietor', entryText: [`PROPRIETOR: ${p.proprietor}.`] },
    ...(p.pricePaid ? [{ entryNumber: 2, entryDate: p.edition, entryType: 'Price Paid', entryText: [p.pricePaid] }] : []),
  ],
  chargesRegister: [],
});
