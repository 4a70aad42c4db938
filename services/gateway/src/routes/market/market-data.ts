import { bankRate, housePriceIndex, inflation, marketData, mortgageRates } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

// Market Data: each series is the location service's, which imports it; the gateway hands it the query as read.

export const housePriceIndexHandler = handlerOf(housePriceIndex, {
  work: async ({ input }) => ownerWork('location', marketData.DescribeHousePriceIndex, input.query, 'house price index'),
});

export const bankRateHandler = handlerOf(bankRate, {
  work: async ({ input }) => ownerWork('location', marketData.DescribeBankRate, input.query, 'Bank Rate'),
});

export const mortgageRatesHandler = handlerOf(mortgageRates, {
  work: async ({ input }) => ownerWork('location', marketData.DescribeMortgageRates, input.query, 'mortgage rates'),
});

export const inflationHandler = handlerOf(inflation, {
  work: async ({ input }) => ownerWork('location', marketData.DescribeInflation, input.query, 'inflation series'),
});
