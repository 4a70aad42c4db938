import { type Nation, analysis, purchaseTax, purchaseTaxFirstDate, readModels } from '@pds/contracts';
import { analysisWork } from '../ask-analysis';
import { handlerOf } from '../../operations/handler';
import { ukToday } from '../uk-today';

// Purchase tax: the nation decides the tax. Given a postcode, the postcode datasets say which nation it is in (and are
// named in `sources`); the calculation is the analysis service's.

const nationOfCountry: Record<string, Nation | 'outside'> = {
  E92000001: 'england',
  W92000004: 'wales',
  S92000003: 'scotland',
  N92000002: 'northern-ireland',
  L93000001: 'outside',
  M83000003: 'outside',
};

export const purchaseTaxHandler = handlerOf(purchaseTax, {
  work: async ({ input, ctx, deps }) => {
    const q = input.query;
    if ((q.country === undefined) === (q.postcode === undefined)) {
      return {
        ok: false,
        code: 'INVALID_PARAMETERS',
        message: 'Give exactly one of `country` and `postcode`; nothing was charged.',
        details: q.country === undefined ? 'country, postcode: one is required' : 'country, postcode: give one, not both',
      };
    }
    const today = ukToday(deps.clock.now());
    const transactionDate = q.transactionDate ?? today;
    if (transactionDate < purchaseTaxFirstDate) {
      return {
        ok: false,
        code: 'TRANSACTION_DATE_OUT_OF_RANGE',
        message: `No rate table before ${purchaseTaxFirstDate} is held (SDLT's slice system began then); nothing was charged.`,
        details: `transactionDate: ${transactionDate} is before ${purchaseTaxFirstDate}`,
      };
    }
    let country = q.country;
    let sources: ReturnType<typeof readModels.sourceOf>[] = [];
    if (q.postcode !== undefined) {
      let found: Awaited<ReturnType<typeof readModels.postcodeQueries.find>>;
      try {
        found = await readModels.postcodeQueries.find(deps.db, q.postcode);
      } catch (err) {
        ctx.logger.error({ err }, 'postcode datasets could not be read');
        return { ok: false, code: 'DATABASE_ERROR', message: 'The postcode could not be read; nothing was charged. Retry shortly.' };
      }
      const nation = found?.data.country ? nationOfCountry[found.data.country.code] : undefined;
      if (!found || !nation) {
        return {
          ok: false,
          code: 'POSTCODE_NOT_FOUND',
          message: `No dataset serving places ${q.postcode} in a nation; give \`country\` instead. Nothing was charged.`,
        };
      }
      if (nation === 'outside') {
        return {
          ok: false,
          code: 'OUTSIDE_UNITED_KINGDOM',
          message: `${q.postcode} is in the ${found.data.country?.name}, which has none of these taxes; nothing was charged.`,
        };
      }
      country = nation;
      sources = (await readModels.datasetQueries.servingVersions(deps.db, found.datasets)).map(readModels.sourceOf);
    }
    const command = {
      price: q.price,
      country: country as Nation,
      postcode: q.postcode ?? null,
      transactionDate,
      today,
      buyerType: q.buyerType,
      nonUkResident: q.nonUkResident,
    };
    const work = analysisWork(analysis.CalculatePurchaseTax, command);
    return { ...work, answered: (reply: unknown) => ({ ...work.answered(reply), sources }) };
  },
});
