import { defineCommand } from '../messaging/envelope';
import { CouncilTaxResult } from '../rest/council-tax';
import { PurchaseTaxResult, buyerTypes, maxPurchasePrice, nations } from '../rest/purchase-tax';
import { RenovationUpliftResult } from '../rest/renovation-calculator';
import { SoldComparablesResult } from '../rest/sold-comparables';
import { Source } from '../rest/sources';
import { ValuationResult } from '../rest/valuation';
import { ComplianceResult } from '../rest/compliance';
import { PropertyProfile } from '../rest/property-profile';
import { PropertyAnalysisResult } from '../rest/property-analysis';
import { comparablePropertyTypes } from '../rest/sold-comparables';
import { PropertyRef } from '../epc/commands';
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

/**
 * The tax on a purchase, in the nation given or the postcode's (which the analysis service finds in the postcode
 * datasets); on `transactionDate`, or today in the UK on the business clock.
 */
export const CalculatePurchaseTax = defineCommand(
  'CalculatePurchaseTax',
  z.object({
    price: z.number().int().positive().max(maxPurchasePrice),
    country: z.enum(nations).optional(),
    postcode: z.string().optional(),
    transactionDate: isoDate.optional(),
    buyerType: z.enum(buyerTypes),
    nonUkResident: z.boolean(),
  }),
  z.object({ data: PurchaseTaxResult, sources: z.array(Source) }),
);

// The judgements of the Property Analysis group, each answered whole with its `sources`: a refusal comes back as a
// domain error whose code is the REST error code the caller reads.

const sourced = <T extends z.ZodTypeAny>(data: T) => z.object({ data, sources: z.array(Source) });

export const FindSoldComparables = defineCommand(
  'FindSoldComparables',
  z.object({
    postcode: z.string().min(5).max(8),
    months: z.number().int().min(1).max(120),
    /** The answer as on this past date (YYYY-MM-DD); absent, today. */
    asOf: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  sourced(SoldComparablesResult),
);

export const ValueProperty = defineCommand(
  'ValueProperty',
  z.object({
    postcode: z.string().min(5).max(8),
    address: z.string().min(2).max(300),
    months: z.number().int().min(1).max(120),
    asOf: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    /** An extension (m²) and a renovation uplift (%) to value the home with, as the renovation calculator adds them. */
    extensionArea: z.number().min(0),
    renovationUplift: z.number().min(0).max(50),
  }),
  sourced(ValuationResult),
);

/** `property_compliance`'s answer: the lettings checks of a property, each made or not. */
export const CheckCompliance = defineCommand('CheckCompliance', z.object({ property: PropertyRef }), sourced(ComplianceResult));

/** `property_council_tax`'s answer: the authority's charges by band, and the property's estimated band when one is named. */
export const DescribeCouncilTax = defineCommand(
  'DescribeCouncilTax',
  z.union([z.object({ property: PropertyRef }), z.object({ postcode: z.string().min(5).max(8) })]),
  sourced(CouncilTaxResult),
);

/** `property_profile`'s answer: what is known of a property for a conveyancer, with the enquiries it raises. */
export const ProfileProperty = defineCommand('ProfileProperty', z.object({ property: PropertyRef }), sourced(PropertyProfile));

/** `property_analysis`'s answer: a price read against the valuation, the comparables and the place, as asked. */
export const AnalysePrice = defineCommand(
  'AnalysePrice',
  z.object({
    postcode: z.string().min(5).max(8),
    price: z.number().min(1).max(1e12),
    propertyType: z.enum(comparablePropertyTypes).optional(),
    bedrooms: z.number().int().min(0).max(100).optional(),
    squareFeet: z.number().int().min(1).max(1e7).optional(),
    squareMeters: z.number().int().min(1).max(1e6).optional(),
    portal: z.string().max(100).optional(),
    address: z.string().min(2).max(300).optional(),
  }),
  sourced(PropertyAnalysisResult),
);
