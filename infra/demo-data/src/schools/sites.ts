import { codePointRow, csvRecords, openZipMember } from '@pds/location';

// Where the synthetic schools stand: real postcodes of the demo region at their Code-Point Open positions (the demo
// zip's rg.csv and ls.csv), so that a school's easting and northing are its postcode's, and every position an answer
// gives can be checked against the postcode lookup. Only postcodes OS places within the building (quality 10).

export interface Site {
  postcode: string;
  easting: number;
  northing: number;
  /** The Code-Point admin district (GSS), which says the local authority. */
  district: string;
}

/** The local authorities of the demo region by GSS code: GIAS's LA code and name (research/gias.md §3: 872, 869, 383). */
export const localAuthorities: Record<string, { code: string; name: string }> = {
  E06000038: { code: '872', name: 'Reading' },
  E06000037: { code: '869', name: 'West Berkshire' },
  E08000035: { code: '383', name: 'Leeds' },
};

/** Leeds schools stand within this distance of LS1 4AP (the city centre): a city's density, not one school a district. */
const leedsRadiusMetres = 5_000;

const sitesOf = async (zip: string, area: 'rg' | 'ls'): Promise<Site[]> => {
  const { stream } = await openZipMember(zip, `Data/CSV/${area}.csv`);
  const sites: Site[] = [];
  for await (const { fields } of csvRecords(stream)) {
    const row = codePointRow(fields);
    if (!('values' in row) || row.values[1] !== 10) continue;
    const [postcode, , easting, northing, , , , , district] = row.values;
    if (typeof district === 'string' && district in localAuthorities)
      sites.push({ postcode: String(postcode), easting: Number(easting), northing: Number(northing), district });
  }
  return sites.sort((a, b) => (a.postcode < b.postcode ? -1 : 1));
};

/** The demo region's candidate sites: RG30 and RG31 (Reading, West Berkshire), and central Leeds. */
export const demoSites = async (codePointZip: string): Promise<{ reading: Site[]; leeds: Site[] }> => {
  const reading = (await sitesOf(codePointZip, 'rg')).filter((s) => /^RG3[01] /.test(s.postcode));
  const ls = await sitesOf(codePointZip, 'ls');
  const centre = ls.find((s) => s.postcode === 'LS1 4AP');
  if (!centre) throw new Error('LS1 4AP is not in the demo Code-Point zip');
  const leeds = ls.filter((s) => Math.hypot(s.easting - centre.easting, s.northing - centre.northing) <= leedsRadiusMetres);
  return { reading, leeds };
};
