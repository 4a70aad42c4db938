import { z } from '../../zod';
import { defineReadModel } from '../read-model';

// HM Land Registry's Price Paid Data as the location service imports it: one row per registered sale, as published.

const text = z.string().nullable();

export const pricePaidSales = defineReadModel({
  relation: 'ppd_sales',
  owner: 'location',
  readers: ['analysis'],
  description: 'Price Paid Data: one row per registered sale (category A and B), with its address as published (PAON, SAON, street).',
  row: z.object({
    transaction_id: z.string(),
    price: z.number().int(),
    transfer_date: z.date(),
    postcode: text,
    property_type: z.string(),
    new_build: z.boolean(),
    duration: z.string(),
    paon: text,
    saon: text,
    street: text,
    locality: text,
    town: text,
    district: text,
    county: text,
    category: z.string(),
    record_status: z.string(),
  }),
});
