import { defineCommand } from '../messaging/envelope';
import {
  BankRateResult,
  HousePriceIndexResult,
  InflationResult,
  MortgageRatesResult,
  hpiPropertyTypes,
  mortgageProducts,
  type MortgageProduct,
} from '../rest/market';
import { Source } from '../rest/sources';
import { z } from '../zod';

// Market Data: the series the location service imports (HM Land Registry's UK HPI, the Bank of England's database, the
// ONS's consumer price indices), each answered by it as the operation's `data` with its `sources`. The query arrives
// read by the operation's schema; what the query means together (one of two parameters, a range in order) is checked
// by the location service and refused with the REST code the caller reads.

const sourced = <T extends z.ZodTypeAny>(data: T) => z.object({ data, sources: z.array(Source) });
const month = z.string().regex(/^\d{4}-\d{2}$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const productNames = Object.keys(mortgageProducts) as [MortgageProduct, ...MortgageProduct[]];

export const DescribeHousePriceIndex = defineCommand(
  'DescribeHousePriceIndex',
  z.object({
    area: z.string().optional(),
    postcode: z.string().optional(),
    from: month.optional(),
    to: month.optional(),
    propertyType: z.enum(hpiPropertyTypes),
  }),
  sourced(HousePriceIndexResult),
);

export const DescribeBankRate = defineCommand(
  'DescribeBankRate',
  z.object({ date: day.optional(), from: day.optional(), to: day.optional() }),
  sourced(BankRateResult),
);

export const DescribeMortgageRates = defineCommand(
  'DescribeMortgageRates',
  z.object({ from: month.optional(), to: month.optional(), products: z.array(z.enum(productNames)).min(1).optional() }),
  sourced(MortgageRatesResult),
);

export const DescribeInflation = defineCommand(
  'DescribeInflation',
  z.object({ from: month.optional(), to: month.optional() }),
  sourced(InflationResult),
);
