import { readModels } from '@pds/contracts';
import type pg from 'pg';
import type { DistrictCache } from '../valuation/district-sales';
import { hpiIndexFor, indexFor, type HpiMonth } from '../valuation/evidence';

// Today's values of an authority's homes whose value is known from a sale: each home's last standard sale moved to
// today by the authority's UK House Price Index (all kinds of home) where it holds every month since the earliest
// sale, else by the repeat-sales index of the home's postcode district, as a valuation moves a past price.

const middleOf = (month: string) => `${month}-15`;

const load = async (db: pg.Pool, districts: DistrictCache, lad: string, today: string): Promise<number[]> => {
  const homes = await readModels.authoritySaleQueries.homesInAuthority(db, lad);
  if (homes.length === 0) return [];
  const earliest = homes.reduce((m, h) => (h.month < m ? h.month : m), homes[0]!.month);
  const hpi = hpiIndexFor((await readModels.hpiQueries.indexOf(db, lad, 'all')) as HpiMonth[], middleOf(earliest), today);
  const indexOfDistrict = new Map<string, (date: string) => number>();
  for (const district of new Set(homes.map((h) => h.postcode.split(' ')[0]!)))
    indexOfDistrict.set(district, hpi?.at ?? indexFor((await districts.get(db, district)).pairs, today).at);
  return homes.map((h) => {
    const at = indexOfDistrict.get(h.postcode.split(' ')[0]!)!;
    return h.price * (at(today) / at(middleOf(h.month)));
  });
};

/** Authorities' values by authority, day and the serving versions they were read from; the oldest goes beyond `max`. */
export class AuthorityValues {
  private readonly entries = new Map<string, Promise<number[]>>();
  constructor(private readonly max = 16) {}

  async get(db: pg.Pool, districts: DistrictCache, lad: string, today: string): Promise<number[]> {
    const serving = await readModels.datasetQueries.servingVersions(db, ['ppd', 'ons-postcode-lookup', 'uk-hpi']);
    const key = `${lad}@${today}@${serving.map((v) => `${v.dataset}:${v.version}`).join(',')}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = load(db, districts, lad, today);
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    }
    return entry;
  }
}
