import { maxOwnershipTitles, type locationIntelligence, type OwnershipResult, type ReplyOf, readModels } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';

// The company owners of a title, or of a postcode's titles, from the ccod and ocod datasets (UK and overseas
// companies). Neither ever holds a private individual, so nothing here can name one.

type Result = HandlerResult<ReplyOf<typeof locationIntelligence.FindCompanyOwners>>;
type Title = OwnershipResult['titles'][number];

interface Row {
  title_number: string;
  tenure: string;
  property_address: string | null;
  postcode: string | null;
  proprietors: Array<{
    name: string;
    companyRegistrationNo: string | null;
    category: string | null;
    countryIncorporated?: string | null;
    address: string[];
  }>;
  additional_proprietor: boolean;
  date_proprietor_added: string | null;
  price_paid: string | null;
  multiple_address: boolean;
  overseas: boolean;
}

const titleOf = (r: Row): Title => ({
  titleNumber: r.title_number,
  tenure: r.tenure === 'Leasehold' ? 'leasehold' : 'freehold',
  propertyAddress: r.property_address,
  postcode: r.postcode,
  ownerKind: r.overseas ? 'overseas-company' : 'uk-company',
  proprietors: r.proprietors.map((p) => ({ ...p, countryIncorporated: p.countryIncorporated ?? null })),
  otherProprietorsNotNamed: r.additional_proprietor,
  dateProprietorAdded: r.date_proprietor_added,
  pricePaid: r.price_paid === null ? null : Number(r.price_paid),
  multipleAddresses: r.multiple_address,
});

const select = (relation: string, overseas: boolean) => `
  SELECT title_number, tenure, property_address, postcode, proprietors, additional_proprietor,
         to_char(date_proprietor_added, 'YYYY-MM-DD') AS date_proprietor_added, price_paid::text, multiple_address, ${overseas} AS overseas
    FROM ${relation}`;

export const findCompanyOwners = async (db: pg.Pool, asked: { titleNumber: string } | { postcode: string }): Promise<Result> => {
  const sources = await readModels.datasetQueries.sources(db, ['ccod', 'ocod']);
  if (sources.length === 0)
    return {
      ok: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Neither company ownership dataset (CCOD, OCOD) is imported yet.' },
    };
  const [where, value] = 'titleNumber' in asked ? ['title_number = $1', asked.titleNumber] : ['postcode = $1', asked.postcode];
  const { rows } = await db.query<Row>(
    `${select('ccod_titles', false)} WHERE ${where} UNION ALL ${select('ocod_titles', true)} WHERE ${where}
      ORDER BY title_number LIMIT ${maxOwnershipTitles}`,
    [value],
  );
  const imported = sources.map((s) => s.dataset.toUpperCase()).join(' and ');
  const note =
    rows.length > 0
      ? 'Only companies and corporate bodies are named; a private individual never is (`otherProprietorsNotNamed`): ' +
        'the registry names every proprietor (GET /property/ownership/registered-proprietors).'
      : `No company owns ${'titleNumber' in asked ? `title ${asked.titleNumber}` : `a title of ${asked.postcode}`} in ${imported} as imported: ` +
        'its owner may be a private individual or a charity, whom these datasets never name. The registry names them ' +
        '(GET /property/ownership/registered-proprietors), and the register itself is read in an official copy ' +
        '(POST /land-registry/title-orders).';
  const data: OwnershipResult = {
    query: { titleNumber: 'titleNumber' in asked ? asked.titleNumber : null, postcode: 'postcode' in asked ? asked.postcode : null },
    titles: rows.map(titleOf),
    companyOwned: rows.length > 0,
    note,
  };
  return { ok: true, data: { data, sources } };
};
