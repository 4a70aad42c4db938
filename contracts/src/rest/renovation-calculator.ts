import { z } from '../zod';
import { successEnvelope } from './billing';
import type { ErrorCode } from './errors';
import { defineOperation } from './operation';

/** Query strings carry text; a parameter is a number only when the whole text is a finite decimal number. */
export const queryDecimal = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().finite())
    .openapi({ type: 'number', description });

export const maxMoneyGbp = 1e12;
export const maxAreaM2 = 1e7;
/**
 * No figure of the answer may exceed this: 10^15 pounds is far beyond any property, and below 2^53, so every figure
 * is an exact whole number. Inputs that would exceed it are refused up front, naming the parameter responsible.
 */
export const maxResultGbp = 1e15;

// Strict: a misspelt parameter (`extensionAraa`) is refused, not silently taken as its default.
const fields = z.strictObject({
  value: queryDecimal('Base value in GBP; must be positive (at most 10^12)')
    .pipe(z.number().positive().max(maxMoneyGbp))
    .openapi({ example: 250000, exclusiveMinimum: 0, maximum: maxMoneyGbp }),
  floorArea: queryDecimal('Current floor area in m²; must be positive')
    .pipe(z.number().positive().max(maxAreaM2))
    .openapi({ example: 100, exclusiveMinimum: 0, maximum: maxAreaM2 }),
  extensionArea: queryDecimal('Extension area in m²; 0 or more; default 0')
    .pipe(z.number().min(0).max(maxAreaM2))
    .optional()
    .default(0)
    .openapi({ example: 20, minimum: 0, maximum: maxAreaM2, default: 0 }),
  renovationUplift: queryDecimal('Renovation uplift in percent, 0 to 50; default 0')
    .pipe(z.number().min(0).max(50))
    .optional()
    .default(0)
    .openapi({ example: 10, minimum: 0, maximum: 50, default: 0 }),
});

/** The figures of the answer must stay whole numbers a caller can read: see `maxResultGbp`. */
export const RenovationUpliftQuery = fields
  .superRefine((q, ctx) => {
    const perM2 = q.value / q.floorArea;
    if (!(perM2 <= maxResultGbp)) {
      ctx.addIssue({ code: 'custom', path: ['floorArea'], message: `value / floorArea exceeds £${maxResultGbp.toExponential()} per m²` });
      return;
    }
    const adjusted = (q.value + q.extensionArea * perM2) * (1 + q.renovationUplift / 100);
    if (!(adjusted <= maxResultGbp)) {
      ctx.addIssue({
        code: 'custom',
        path: ['extensionArea'],
        message: `the adjusted value would exceed £${maxResultGbp.toExponential()}`,
      });
    }
  })
  .openapi('RenovationUpliftQuery');
export type RenovationUpliftInput = z.output<typeof RenovationUpliftQuery>;

/** The error code a failing parameter maps to, in the order parameters are checked. */
export const renovationUpliftErrorCodes: Record<keyof RenovationUpliftInput, ErrorCode> = {
  value: 'INVALID_VALUE',
  floorArea: 'INVALID_FLOOR_AREA',
  extensionArea: 'INVALID_EXTENSION_AREA',
  renovationUplift: 'INVALID_RENOVATION_UPLIFT',
};

const wholeGbp = z.number().int();
export const RenovationUpliftResult = z
  .object({
    input: z.object({
      value: z.number(),
      floorArea: z.number(),
      extensionArea: z.number(),
      renovationUplift: z.number(),
    }),
    result: z.object({
      originalValue: z.number().openapi({ description: 'The supplied value' }),
      adjustedValue: wholeGbp,
      totalChange: wholeGbp.openapi({ description: 'Adjusted minus original, GBP' }),
      totalChangePercent: z.string().openapi({ example: '12.5%' }),
      pricePerM2: z.object({ original: wholeGbp, adjusted: wholeGbp }),
      pricePerSqFt: z.object({ original: wholeGbp, adjusted: wholeGbp }),
      breakdown: z.object({
        extensionArea: z.number(),
        extensionValue: wholeGbp,
        totalFloorArea: z.number().openapi({ description: 'Floor area plus extension area, m²' }),
        renovationUplift: z.string().openapi({ example: '10%' }),
        renovationUpliftValue: wholeGbp,
      }),
    }),
  })
  .openapi('RenovationUpliftResult');
export type RenovationUpliftResult = z.infer<typeof RenovationUpliftResult>;

export const RenovationUpliftResponse = successEnvelope(RenovationUpliftResult).openapi('RenovationUpliftResponse');
export type RenovationUpliftResponse = z.infer<typeof RenovationUpliftResponse>;

const parameterErrors = {
  value: { code: 'INVALID_VALUE', message: '`value` is required and must be a positive number of pounds (at most 10^12).' },
  floorArea: {
    code: 'INVALID_FLOOR_AREA',
    message:
      '`floorArea` is required and must be a positive number of square metres, large enough that value / floorArea is at most 10^15.',
  },
  extensionArea: {
    code: 'INVALID_EXTENSION_AREA',
    message: '`extensionArea` must be a number of square metres, 0 or more, small enough that the adjusted value is at most 10^15.',
  },
  renovationUplift: { code: 'INVALID_RENOVATION_UPLIFT', message: '`renovationUplift` must be a percentage from 0 to 50.' },
} as const satisfies Record<keyof RenovationUpliftInput, { code: ErrorCode; message: string }>;

export const renovationUpliftCalculator = defineOperation({
  operationId: 'renovation_uplift_calculator',
  method: 'get',
  path: '/property/renovation-uplift-calculator',
  tag: 'Property Analysis',
  summary: 'Renovation uplift calculator',
  description:
    'Pure calculation, no property data is fetched. Order: base £/m² = value / floorArea; ' +
    'extension value = extensionArea × base £/m²; subtotal = value + extension value; uplift = subtotal × ' +
    'renovationUplift / 100; adjustedValue = subtotal + uplift; adjusted £/m² = adjustedValue / (floorArea + ' +
    'extensionArea); £/ft² = £/m² ÷ 10.7639104. Money and per-area figures are rounded to whole pounds at the end. ' +
    'Inputs whose answer would exceed £10^15 (an infinite price per m², say) are refused with the code of the ' +
    'parameter responsible, so every figure is an exact whole number.',
  cost: { kind: 'per_call', credits: 1, charging: 'on_answer' },
  chargedFor: 'calculation',
  request: { query: RenovationUpliftQuery },
  response: { status: 200, description: 'Calculation result', mediaType: 'application/json', schema: RenovationUpliftResponse },
  parameterErrors,
  errors: {
    INVALID_VALUE: parameterErrors.value.message,
    INVALID_FLOOR_AREA: parameterErrors.floorArea.message,
    INVALID_EXTENSION_AREA: parameterErrors.extensionArea.message,
    INVALID_RENOVATION_UPLIFT: parameterErrors.renovationUplift.message,
    INTERNAL_ERROR: 'Calculation failure; nothing charged',
    UPSTREAM_TIMEOUT: 'The calculation was not answered in time; nothing charged',
  },
});
