import { z } from '../zod';
import { successEnvelope } from './billing';
import type { ErrorCode } from './errors';

/** Query strings carry text; a parameter is a number only when the whole text is a finite decimal number. */
const decimal = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().finite())
    .openapi({ type: 'number', description });

export const maxMoneyGbp = 1e12;
export const maxAreaM2 = 1e7;

export const RenovationUpliftQuery = z
  .object({
    value: decimal('Base value in GBP; must be positive (at most 10^12)').pipe(z.number().positive().max(maxMoneyGbp)),
    floorArea: decimal('Current floor area in m²; must be positive').pipe(z.number().positive().max(maxAreaM2)),
    extensionArea: decimal('Extension area in m²; 0 or more; default 0')
      .pipe(z.number().min(0).max(maxAreaM2))
      .optional()
      .default(0),
    renovationUplift: decimal('Renovation uplift in percent, 0 to 50; default 0')
      .pipe(z.number().min(0).max(50))
      .optional()
      .default(0),
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
