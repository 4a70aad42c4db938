import {
  councilTaxBands,
  defaultValuationMonths,
  readModels,
  type analysis,
  type CouncilTaxResult,
  type DataOf,
  type ReplyOf,
  type Source,
} from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import { valueProperty, type ValuationDeps } from '../valuation/value-property';
import type { AuthorityValues } from './authority-values';
import { chargePence, nationBands, nationOfAuthority } from './bands';
import { estimateBand } from './estimate-band';

// `property_council_tax`: the property resolved as every property lookup resolves it (or a postcode alone), its
// postcode's local authority by the postcode datasets, that authority's Band D and dwellings by band, each band's
// charge by the nation's proportions, and for a property an estimated band (estimate-band.ts) from its valuation.

type Asked = DataOf<typeof analysis.DescribeCouncilTax>;
type Result = HandlerResult<ReplyOf<typeof analysis.DescribeCouncilTax>>;
type Estimate = Pick<CouncilTaxResult, 'estimatedBand' | 'estimateUnavailable'>;

export interface CouncilTaxDeps extends ValuationDeps {
  authorityValues: AuthorityValues;
}

const refused = (code: string, message: string): Result => ({ ok: false, error: { code, message } });
const unavailable = (code: string, message: string): Estimate => ({ estimatedBand: null, estimateUnavailable: { code, message } });

/** The property asked about: as the address dataset holds it, or as given; or a refusal. */
const propertyOf = async (deps: CouncilTaxDeps, asked: Asked) => {
  if ('postcode' in asked) return { postcode: asked.postcode, property: null };
  const ref = asked.property;
  const resolved = await readModels.addressQueries.resolve(deps.db, ref);
  if (resolved.kind === 'ambiguous') return { refusal: readModels.resolutionRefusal(resolved, ref) };
  if (resolved.kind === 'found') {
    const p = resolved.property;
    return { postcode: p.postcode, property: { uprn: p.uprn, address: p.singleLine, placed: true }, valueAs: p.lines.join(', ') };
  }
  if ('uprn' in ref) return { refusal: { code: 'PROPERTY_NOT_FOUND', message: `No property with UPRN ${ref.uprn} is held.` } };
  return { postcode: ref.postcode, property: { uprn: null, address: ref.address, placed: false }, valueAs: ref.address };
};

export const describeCouncilTax = async (deps: CouncilTaxDeps, asked: Asked): Promise<Result> => {
  const sources = await readModels.datasetQueries.sources(deps.db, ['council-tax']);
  if (sources.length === 0) return refused('SERVICE_UNAVAILABLE', 'No council tax figures are imported yet.');
  const found = await propertyOf(deps, asked);
  if ('refusal' in found) return { ok: false, error: found.refusal! };
  const { postcode, property } = found;
  const place = await readModels.placeQueries.lookUpPostcode(deps.db, postcode);
  if (!place) return refused('POSTCODE_NOT_FOUND', `${postcode} is not in the postcode datasets.`);
  const lad = place.areas.localAuthorityCode;
  if (!lad)
    return refused(
      'POSTCODE_NOT_FOUND',
      `${postcode} is not placed in a local authority by the postcode datasets (a terminated postcode?).`,
    );
  const nation = nationOfAuthority(lad);
  if (lad.startsWith('N'))
    return refused('OUTSIDE_GREAT_BRITAIN', `${postcode} is in Northern Ireland, where homes pay domestic rates, not council tax.`);
  const authority = await readModels.councilTaxQueries.authority(deps.db, lad);
  if (!nation || !authority || authority.bandDPence === null)
    return refused('SERVICE_UNAVAILABLE', `No council tax figures are held for the local authority of ${postcode} (${lad}).`);

  const law = nationBands[nation];
  const bands = law.bands.map((b) => ({
    band: b.band,
    ratio: `${b.numerator}/${b.denominator}`,
    valuedAbove: law.bands[law.bands.indexOf(b) - 1]?.upTo ?? null,
    valuedUpTo: b.upTo,
    annualCharge: chargePence(authority.bandDPence!, b) / 100,
    dwellings: authority.countedOn ? (authority.dwellings[councilTaxBands.indexOf(b.band)] ?? 0) : null,
  }));
  const estimate: Estimate = property
    ? await estimateOf(deps, { postcode, address: found.valueAs!, lad, bands })
    : unavailable('NO_PROPERTY', 'A postcode alone has no band: name the property (`uprn`, or `address` with `postcode`).');
  const valuationSources = estimate.estimatedBand ? await readModels.datasetQueries.sources(deps.db, ['ppd', 'uk-hpi']) : [];
  const data: CouncilTaxResult = {
    property,
    postcode,
    billingAuthority: { code: authority.code, name: authority.name, nation },
    year: authority.year,
    bandD: authority.bandDPence / 100,
    valuationDate: law.valuationDate,
    bands,
    dwellingsCountedOn: authority.countedOn,
    officialBand: null,
    enquiry: law.enquiry,
    ...estimate,
  };
  const all = new Map<string, Source>([...sources, ...valuationSources].map((s) => [s.dataset, s]));
  return { ok: true, data: { data, sources: [...all.values()] } };
};

interface EstimateAsked {
  postcode: string;
  address: string;
  lad: string;
  bands: Array<{ band: CouncilTaxResult['bands'][number]['band']; annualCharge: number; dwellings: number | null }>;
}

const estimateOf = async (deps: CouncilTaxDeps, { postcode, address, lad, bands }: EstimateAsked): Promise<Estimate> => {
  if (bands.every((b) => b.dwellings === null))
    return unavailable('NO_BAND_COUNTS', 'No count of dwellings by band is published for this nation, so no band can be read off values.');
  const valued = await valueProperty(deps, { postcode, address, months: defaultValuationMonths, extensionArea: 0, renovationUplift: 0 });
  if (!valued.ok) return unavailable(valued.error.code, `The home could not be valued: ${valued.error.message}`);
  const valuation = valued.data.data;
  const values = await deps.authorityValues.get(deps.db, deps.districts, lad, deps.today());
  const shares = bands.map((b) => ({ band: b.band, dwellings: b.dwellings ?? 0 }));
  const sigma = valuation.confidence.standardErrorPercent / 100;
  const e = estimateBand(valuation.estimatedValue, sigma, values, shares);
  if (!e)
    return unavailable(
      'TOO_FEW_HOMES',
      `Only ${values.length} homes of the authority have a value known from a sale: too few to place one among.`,
    );
  const percent = (p: number) => Math.round(p * 100);
  return {
    estimatedBand: {
      band: e.band,
      annualCharge: bands.find((b) => b.band === e.band)!.annualCharge,
      method: 'value-rank',
      confidence: percent(e.probability),
      probabilities: e.probabilities
        .filter((p) => percent(p.probability) >= 1)
        .map((p) => ({ band: p.band, percent: percent(p.probability) })),
      basis: {
        estimatedValue: valuation.estimatedValue,
        valuationConfidence: valuation.confidence.score,
        valueRankPercent: e.rankPercent,
        homesCompared: values.length,
        coveragePercent: Math.round((1000 * values.length) / shares.reduce((n, b) => n + b.dwellings, 0)) / 10,
        bandBoundariesToday: e.boundaries,
      },
    },
    estimateUnavailable: null,
  };
};
