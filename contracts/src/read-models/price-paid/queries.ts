import { defineQueries } from '../read-model';
import { onsPostcodeAreas } from '../postcodes/contract';
import { pricePaidSales } from './contract';

// The location service's published reads of Price Paid Data: the standard (category A) sales of a postcode over a
// look-back, and of a postcode district. Category B is left out: its prices (repossessions, sales to companies,
// property type Other…) are not open-market prices of a home.

/** A sale as these reads give it: dates as YYYY-MM-DD, the address fields as published. */
export interface SaleRow {
  price: number;
  transfer_date: string;
  postcode: string;
  property_type: string;
  new_build: boolean;
  duration: string;
  paon: string | null;
  saon: string | null;
  street: string | null;
  locality: string | null;
  town: string | null;
}

const columns = `price, to_char(transfer_date, 'YYYY-MM-DD') AS transfer_date, postcode, property_type, new_build, duration, paon, saon,
                 street, locality, town`;

export const saleQueries = defineQueries([pricePaidSales], {
  /** A postcode's sales with a date of transfer from `from` to `to` (inclusive), the most recent first. */
  inPostcode: async (db, postcode: string, from: string, to: string): Promise<SaleRow[]> =>
    (
      await db.query<SaleRow>(
        `SELECT ${columns} FROM ${pricePaidSales.relation}
          WHERE postcode = $1 AND category = 'A' AND transfer_date BETWEEN $2 AND $3
          ORDER BY transfer_date DESC, transaction_id`,
        [postcode, from, to],
      )
    ).rows,

  /** A postcode district's sales (RG30 of RG30 2AN), the oldest first, with their ids. */
  inDistrict: async (db, district: string): Promise<Array<SaleRow & { transaction_id: string }>> =>
    (
      await db.query<SaleRow & { transaction_id: string }>(
        `SELECT transaction_id, ${columns} FROM ${pricePaidSales.relation}
          WHERE split_part(postcode, ' ', 1) = $1 AND category = 'A'
          ORDER BY transfer_date, transaction_id`,
        [district],
      )
    ).rows,
});

/** A home's latest standard sale, as `homesInAuthority` gives it. */
export interface LatestSale {
  postcode: string;
  price: number;
  /** YYYY-MM */
  month: string;
}

export const authoritySaleQueries = defineQueries([pricePaidSales, onsPostcodeAreas], {
  /**
   * The latest standard (category A) sale of each home in a local authority (by the ONS postcode lookup's district
   * of its postcode), a home being its address as published (postcode, SAON, PAON, street).
   */
  homesInAuthority: async (db, ladCode: string): Promise<LatestSale[]> =>
    (
      await db.query<LatestSale>(
        `SELECT DISTINCT ON (s.postcode, s.saon, s.paon, s.street) s.postcode, s.price, to_char(s.transfer_date, 'YYYY-MM') AS month
           FROM ${pricePaidSales.relation} s JOIN ${onsPostcodeAreas.relation} a ON a.postcode = s.postcode
          WHERE a.lad_code = $1 AND s.category = 'A'
          ORDER BY s.postcode, s.saon, s.paon, s.street, s.transfer_date DESC, s.transaction_id`,
        [ladCode],
      )
    ).rows,
});
