import type { CouncilTaxBand } from '@pds/contracts';

// The bands of each nation in law: the proportion of Band D each pays and the values they cover at the valuation date.
// England: Local Government Finance Act 1992 s.5(1) (ratios) and s.5(2) (values at 1 April 1991). Wales: s.5(1A) and
// the Council Tax (Valuation Bands) (Wales) Order 2003 (values at 1 April 2003, nine bands). Scotland: s.74 and the
// Council Tax (Substitution of Proportion) (Scotland) Order 2016, in force 1 April 2017 (bands E to H raised), values
// at 1 April 1991 under s.74(2).

export type Nation = 'England' | 'Wales' | 'Scotland';

export interface BandInLaw {
  band: CouncilTaxBand;
  numerator: number;
  denominator: number;
  /** Value at the valuation date up to and including which a home is in the band; null for the top band. */
  upTo: number | null;
}

export interface NationBands {
  valuationDate: string;
  bands: BandInLaw[];
  enquiry: { message: string; url: string };
}

const ninths = (bands: Array<[CouncilTaxBand, number, number | null]>): BandInLaw[] =>
  bands.map(([band, numerator, upTo]) => ({ band, numerator, denominator: 9, upTo }));

const voa = {
  message:
    "The band of the property is set by the Valuation Office Agency: read it in the VOA's search, and challenge it there if it " +
    'looks wrong. The estimate here is not the band.',
  url: 'https://www.gov.uk/council-tax-bands',
};

export const nationBands: Record<Nation, NationBands> = {
  England: {
    valuationDate: '1991-04-01',
    bands: ninths([
      ['A', 6, 40_000],
      ['B', 7, 52_000],
      ['C', 8, 68_000],
      ['D', 9, 88_000],
      ['E', 11, 120_000],
      ['F', 13, 160_000],
      ['G', 15, 320_000],
      ['H', 18, null],
    ]),
    enquiry: voa,
  },
  Wales: {
    valuationDate: '2003-04-01',
    bands: ninths([
      ['A', 6, 44_000],
      ['B', 7, 65_000],
      ['C', 8, 91_000],
      ['D', 9, 123_000],
      ['E', 11, 162_000],
      ['F', 13, 223_000],
      ['G', 15, 324_000],
      ['H', 18, 424_000],
      ['I', 21, null],
    ]),
    enquiry: voa,
  },
  Scotland: {
    valuationDate: '1991-04-01',
    bands: (
      [
        ['A', 240, 27_000],
        ['B', 280, 35_000],
        ['C', 320, 45_000],
        ['D', 360, 58_000],
        ['E', 473, 80_000],
        ['F', 585, 106_000],
        ['G', 705, 212_000],
        ['H', 882, null],
      ] as Array<[CouncilTaxBand, number, number | null]>
    ).map(([band, numerator, upTo]) => ({ band, numerator, denominator: 360, upTo })),
    enquiry: {
      message:
        "The band of the property is set by the local Assessor: read it in the Scottish Assessors' search. The estimate here is not the band.",
      url: 'https://www.saa.gov.uk/',
    },
  },
};

/** A band's annual charge in pence: Band D × the band's proportion, to the penny, half up (exact in whole numbers). */
export const chargePence = (bandDPence: number, { numerator, denominator }: BandInLaw): number =>
  Math.floor((2 * bandDPence * numerator + denominator) / (2 * denominator));

/** The nation of a GSS local authority code. */
export const nationOfAuthority = (code: string): Nation | null =>
  code.startsWith('E') ? 'England' : code.startsWith('W') ? 'Wales' : code.startsWith('S') ? 'Scotland' : null;
