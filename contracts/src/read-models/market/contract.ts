import { z } from '../../zod';
import { defineReadModel } from '../read-model';

// Market series as the location service's importers load them (uk-hpi, boe-series, ons-timeseries): plain lookups of
// published values by area or series and date. The location service answers Market Data from them; a valuation reads
// the house price index.

const value = z.number().nullable();

export const ukHpiMonths = defineReadModel({
  relation: 'uk_hpi_months',
  owner: 'location',
  readers: ['analysis'],
  description: 'The UK House Price Index: one row per area (GSS code) and month, the published prices, indices and changes.',
  row: z.object({
    month: z.string(),
    area_code: z.string(),
    region_name: z.string().nullable(),
    average_price: value,
    hpi_index: value,
    index_sa: value,
    change_1m: value,
    change_12m: value,
    average_price_sa: value,
    sales_volume: z.number().int().nullable(),
    detached_price: value,
    detached_index: value,
    detached_change_1m: value,
    detached_change_12m: value,
    semi_detached_price: value,
    semi_detached_index: value,
    semi_detached_change_1m: value,
    semi_detached_change_12m: value,
    terraced_price: value,
    terraced_index: value,
    terraced_change_1m: value,
    terraced_change_12m: value,
    flat_price: value,
    flat_index: value,
    flat_change_1m: value,
    flat_change_12m: value,
  }),
});

export const boeSeriesValues = defineReadModel({
  relation: 'boe_series_values',
  owner: 'location',
  readers: [],
  description: 'Bank of England Database series: one row per series code and observation date, the value as published.',
  row: z.object({
    series_code: z.string(),
    date: z.string(),
    month: z.string(),
    value: z.number(),
  }),
});

export const onsTimeseriesValues = defineReadModel({
  relation: 'ons_timeseries_values',
  owner: 'location',
  readers: [],
  description: 'ONS time series: one row per series (CDID) and period (a year, `2024 Q1`, or a month `2024-01`), the value as published.',
  row: z.object({
    cdid: z.string(),
    dataset_id: z.string(),
    title: z.string(),
    unit: z.string(),
    release_date: z.string(),
    frequency: z.string(),
    period: z.string(),
    value: z.number(),
  }),
});
