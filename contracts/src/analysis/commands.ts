import { defineCommand } from '../messaging/envelope';
import { PurchaseTaxResult, buyerTypes, maxPurchasePrice, nations } from '../rest/purchase-tax';
import { RenovationUpliftResult } from '../rest/renovation-calculator';
import { z } from '../zod';

export const CalculateRenovationUplift = defineCommand(
  'CalculateRenovationUplift',
  z.object({
    value: z.number().positive(),
    floorArea: z.number().positive(),
    extensionArea: z.number().min(0),
    renovationUplift: z.number().min(0).max(50),
  }),
  RenovationUpliftResult,
);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The tax on a purchase; `today` (the UK's date on the business clock) lets the answer say when a date is ahead of it. */
export const CalculatePurchaseTax = defineCommand(
  'CalculatePurchaseTax',
  z.object({
    price: z.number().int().positive().max(maxPurchasePrice),
    country: z.enum(nations),
    postcode: z.string().nullable(),
    transactionDate: isoDate,
    today: isoDate,
    buyerType: z.enum(buyerTypes),
    nonUkResident: z.boolean(),
  }),
  PurchaseTaxResult,
);
