import { purchaseTaxFirstDate, readModels, type analysis, type DataOf, type Nation, type ReplyOf, type Source } from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { calculatePurchaseTax } from './calculate';

// The purchase tax asked for: the nation decides the tax. Given a postcode, the postcode datasets say which nation it
// is in (and are named in `sources`); the date is the one asked, or today in the UK.

type Asked = DataOf<typeof analysis.CalculatePurchaseTax>;
type Result = HandlerResult<ReplyOf<typeof analysis.CalculatePurchaseTax>>;

export interface PurchaseTaxDeps {
  db: pg.Pool;
  logger: Logger;
  /** Today's date in the UK (YYYY-MM-DD), on the business clock. */
  today: () => string;
}

/** GSS country codes, and the Crown Dependencies' pseudo-codes in the ONS lookup (none of these taxes apply there). */
const nationOfCountry: Record<string, Nation | 'outside'> = {
  E92000001: 'england',
  W92000004: 'wales',
  S92000003: 'scotland',
  N92000002: 'northern-ireland',
  L93000001: 'outside',
  M83000003: 'outside',
};

const refused = (code: string, message: string, details?: string): Result => ({
  ok: false,
  error: { code, message, ...(details ? { details } : {}) },
});

/** The nation of the purchase and the datasets that said it, or the refusal. */
const placeOf = async (deps: PurchaseTaxDeps, q: Asked): Promise<{ country: Nation; sources: Source[] } | Result> => {
  if (q.postcode === undefined) return { country: q.country as Nation, sources: [] };
  let found: Awaited<ReturnType<typeof readModels.postcodeQueries.find>>;
  try {
    found = await readModels.postcodeQueries.find(deps.db, q.postcode);
  } catch (err) {
    deps.logger.error({ err }, 'postcode datasets could not be read');
    return refused('DATABASE_ERROR', 'The postcode could not be read. Retry shortly.');
  }
  const nation = found?.data.country ? nationOfCountry[found.data.country.code] : undefined;
  if (!found || !nation)
    return refused('POSTCODE_NOT_FOUND', `No dataset serving places ${q.postcode} in a nation; give \`country\` instead.`);
  if (nation === 'outside')
    return refused('OUTSIDE_UNITED_KINGDOM', `${q.postcode} is in the ${found.data.country?.name}, which has none of these taxes.`);
  const sources = (await readModels.datasetQueries.servingVersions(deps.db, found.datasets)).map(readModels.sourceOf);
  return { country: nation, sources };
};

export const taxPurchase = async (deps: PurchaseTaxDeps, q: Asked): Promise<Result> => {
  const today = deps.today();
  const transactionDate = q.transactionDate ?? today;
  if (transactionDate < purchaseTaxFirstDate)
    return refused(
      'TRANSACTION_DATE_OUT_OF_RANGE',
      `No rate table before ${purchaseTaxFirstDate} is held (SDLT's slice system began then).`,
      `transactionDate: ${transactionDate} is before ${purchaseTaxFirstDate}`,
    );
  const place = await placeOf(deps, q);
  if ('ok' in place) return place;
  const { price, buyerType, nonUkResident } = q;
  const data = calculatePurchaseTax({
    price,
    country: place.country,
    postcode: q.postcode ?? null,
    transactionDate,
    today,
    buyerType,
    nonUkResident,
  });
  return { ok: true, data: { data, sources: place.sources } };
};
