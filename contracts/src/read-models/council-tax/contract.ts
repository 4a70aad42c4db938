import { z } from '../../zod';
import { defineReadModel } from '../read-model';

// Council tax by local authority as the location service imports it (the `council-tax` dataset): one row per
// authority, its average Band D for the year and the VOA's count of dwellings in each band.

const count = z.number().int().nullable();

export const councilTaxAuthorities = defineReadModel({
  relation: 'council_tax_authorities',
  owner: 'location',
  readers: ['analysis'],
  description:
    'Council tax by local authority (GSS code): the average Band D including precepts for its year, and the VOA count of dwellings in each band.',
  row: z.object({
    code: z.string(),
    name: z.string(),
    country: z.string(),
    year: z.string(),
    band_d_pence: z.number().int().nullable(),
    count_a: count,
    count_b: count,
    count_c: count,
    count_d: count,
    count_e: count,
    count_f: count,
    count_g: count,
    count_h: count,
    count_i: count,
    counted_on: z.string().nullable(),
  }),
});
