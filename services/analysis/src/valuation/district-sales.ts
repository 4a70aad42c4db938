import { readModels } from '@pds/contracts';
import type pg from 'pg';
import { saleAddress, saleAddressLines } from '../comparables/comparable';

const { addressParts, propertyByAddress, bulkRowAddress, certificateQueries, saleQueries } = readModels;
type AddressParts = readModels.AddressParts;
type BulkRow = readModels.DistrictCertificateRow;
import { quarterOf, type RepeatSale } from './repeat-sales-index';

// Everything a valuation in a postcode district reads, loaded once per district and per serving version of the two
// datasets (a new import loads afresh): the district's standard (category A) sales, each home's energy certificates
// (matched by address within the postcode, as sold comparables do) and the repeat-sales pairs for the index.

export interface Certificate {
  lodgementDate: string;
  floorArea: number | null;
  propertyType: string | null;
  builtForm: string | null;
  address: string;
}

export interface Home {
  /** Postcode, SAON, PAON, street: one home as Price Paid names it. */
  key: string;
  postcode: string;
  address: string;
  parts: AddressParts;
  /** Oldest first. */
  sales: Array<{ price: number; date: string; propertyType: string; duration: string; newBuild: boolean }>;
  certificates: Certificate[];
}

export interface DistrictSales {
  district: string;
  homes: Home[];
  /** Consecutive sales of one home, with the date of the later sale (a valuation uses those before its date). */
  pairs: Array<RepeatSale & { laterDate: string }>;
  /** Certificates of the district's postcodes, for a subject no sale names. */
  certificatesByPostcode: Map<string, Array<Certificate & { parts: AddressParts; uprn: string | null }>>;
  /** The homes of each postcode. */
  homesByPostcode: Map<string, Home[]>;
  /** Every sale with its home, by date of transfer: a look-back's sales are found by a search, not a pass over all. */
  salesByDate: DatedSale[];
}

export interface DatedSale {
  home: Home;
  sale: Home['sales'][number];
  /** Its place in the district's order (its home's, then its own within the home), the order comparables are read in. */
  order: number;
}

/** A district's sales, homes and certificates, with the pairs and the indexes a valuation reads them by. */
export const districtSalesOf = (
  district: string,
  homes: Home[],
  certificatesByPostcode: DistrictSales['certificatesByPostcode'],
): DistrictSales => {
  const homesByPostcode = new Map<string, Home[]>();
  const salesByDate: DatedSale[] = [];
  for (const home of homes) {
    const inPostcode = homesByPostcode.get(home.postcode) ?? [];
    inPostcode.push(home);
    homesByPostcode.set(home.postcode, inPostcode);
    for (const sale of home.sales) salesByDate.push({ home, sale, order: salesByDate.length });
  }
  salesByDate.sort((a, b) => (a.sale.date < b.sale.date ? -1 : a.sale.date > b.sale.date ? 1 : a.order - b.order));
  return { district, homes, pairs: pairsOf(homes), certificatesByPostcode, homesByPostcode, salesByDate };
};

const minPairMonths = 6;
/** A pair whose price moved more than this a year (ln) is a rebuild, a conversion or an error, not the market. */
const maxAnnualLogChange = 0.4;

const certificateOf = (row: BulkRow): Certificate => ({
  lodgementDate: row.lodgement_date,
  floorArea: row.total_floor_area,
  propertyType: row.property_type,
  builtForm: row.built_form,
  address: row.address,
});

export const loadDistrictSales = async (db: pg.Pool, district: string): Promise<DistrictSales> => {
  const rows = await saleQueries.inDistrict(db, district);
  const homes = new Map<string, Home>();
  for (const row of rows) {
    const key = [row.postcode, row.saon ?? '', row.paon ?? '', row.street ?? ''].join('|');
    let home = homes.get(key);
    if (!home) {
      home = {
        key,
        postcode: row.postcode,
        address: saleAddress(row),
        parts: addressParts(saleAddressLines(row).join(', ')),
        sales: [],
        certificates: [],
      };
      homes.set(key, home);
    }
    home.sales.push({
      price: row.price,
      date: row.transfer_date,
      propertyType: row.property_type,
      duration: row.duration,
      newBuild: row.new_build,
    });
  }
  const postcodes = [...new Set([...homes.values()].map((h) => h.postcode))];
  const certificateRows = await certificateQueries.forPostcodes(db, postcodes);
  const certificatesByPostcode = new Map<string, Array<Certificate & { parts: AddressParts; uprn: string | null }>>();
  for (const row of certificateRows) {
    const list = certificatesByPostcode.get(row.postcode) ?? [];
    list.push({ ...certificateOf(row), parts: addressParts(bulkRowAddress(row)), uprn: row.uprn });
    certificatesByPostcode.set(row.postcode, list);
  }
  for (const home of homes.values()) {
    const candidates = certificatesByPostcode.get(home.postcode) ?? [];
    const match = candidates.length > 0 ? propertyByAddress(home.parts, candidates) : { kind: 'none' as const };
    if (match.kind === 'one') home.certificates = match.certificates.sort((a, b) => a.lodgementDate.localeCompare(b.lodgementDate));
  }
  return districtSalesOf(district, [...homes.values()], certificatesByPostcode);
};

const pairsOf = (homes: Iterable<Home>) => {
  const pairs: DistrictSales['pairs'] = [];
  for (const home of homes)
    for (let i = 1; i < home.sales.length; i++) {
      const [a, b] = [home.sales[i - 1]!, home.sales[i]!];
      const months = (Date.parse(b.date) - Date.parse(a.date)) / (30.4375 * 86_400_000);
      const logChange = Math.log(b.price / a.price);
      // A new build's first price carries a premium the market does not; a change of type is a different home.
      if (months < minPairMonths || a.newBuild || a.propertyType !== b.propertyType) continue;
      if (Math.abs(logChange) / (months / 12) > maxAnnualLogChange && Math.abs(logChange) > 0.25) continue;
      pairs.push({ from: quarterOf(a.date), to: quarterOf(b.date), logChange, laterDate: b.date });
    }
  return pairs;
};

/** Districts loaded, by district and the serving versions they were loaded from; the oldest goes beyond `max`. */
export class DistrictCache {
  private readonly entries = new Map<string, Promise<DistrictSales>>();
  constructor(private readonly max = 64) {}

  async get(db: pg.Pool, district: string): Promise<DistrictSales> {
    const serving = await readModels.datasetQueries.servingVersions(db, ['ppd', 'epc-domestic']);
    const key = `${district}@${serving.map((v) => `${v.dataset}:${v.version}`).join(',')}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = loadDistrictSales(db, district);
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    }
    return entry;
  }
}
